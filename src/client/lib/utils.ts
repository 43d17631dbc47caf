import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}

export function initials(user: { name?: string | null; username: string }): string {
  return (user.name?.trim() || user.username).charAt(0).toUpperCase();
}
