import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { cn } from '../../lib/utils.ts';

export type Choice = { value: string; label: ReactNode; hint: ReactNode };

// A group of radio buttons drawn as cards, each with its label and a line saying what it means.
// `register` gives each radio the form's field (react-hook-form's register for its name).
export function ChoiceCards({
  legend,
  choices,
  chosen,
  register,
  columns = 'sm:grid-cols-2',
}: {
  legend: ReactNode;
  choices: readonly Choice[];
  chosen: string | undefined;
  register: () => UseFormRegisterReturn;
  columns?: string;
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className={cn('grid gap-2', columns)}>
        {choices.map((c) => (
          <label
            key={c.value}
            className={cn(
              'flex cursor-pointer flex-col rounded-lg border p-3 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
              chosen === c.value ? 'border-primary bg-accent' : 'border-input bg-card',
            )}
          >
            <span className="flex items-center gap-2 font-medium">
              <input type="radio" value={c.value} className="accent-primary" {...register()} />
              {c.label}
            </span>
            <span className="ml-5 text-muted-foreground">{c.hint}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
