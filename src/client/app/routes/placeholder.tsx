import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { usePageHead } from '../../lib/head.ts';

// A route whose screen is still being built: an honest page, not a fake one.
export function Placeholder({ title, intro, noindex }: { title: string; intro: string; noindex?: boolean }) {
  usePageHead({ title, description: intro, noindex });
  return (
    <section className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold md:text-4xl">{title}</h1>
      <p className="mt-4 text-muted-foreground">{intro}</p>
      <p className="mt-2 text-sm text-muted-foreground">This page is on its way.</p>
      <Button asChild className="mt-8">
        <Link to="/">Return Home</Link>
      </Button>
    </section>
  );
}
