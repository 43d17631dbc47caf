import { Placeholder } from './placeholder.tsx';

// Screens that later issues build; each route already exists with its own page head.
