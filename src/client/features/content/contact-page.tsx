import { zodResolver } from '@hookform/resolvers/zod';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '#client/components/ui/card.tsx';
import { TextAreaField, TextField } from '#client/components/ui/field.tsx';
import { apiRequest, errorMessage, readJson } from '#client/lib/api.ts';
import { usePageHead } from '#client/lib/head.ts';
import { toast } from '#client/lib/toast-store.ts';
import { type ContactInput, contactSchema } from '#shared/account.ts';
import { staticPageHead } from '#shared/seo.ts';
import { PageHero } from './components/page-parts.tsx';

const EMAILS = [
  { label: msg`General questions`, address: 'hello@yardshare.org' },
  { label: msg`Help with an account, listing or payment`, address: 'support@yardshare.org' },
  { label: msg`Partnerships and press`, address: 'partners@yardshare.org' },
];

const mailto = (address: string) => `mailto:${address}`;

// The office's postal address: written the same in every language (the country is translated).
const STREET = '2150 Garden Way, Suite 200';
const CITY = 'Oakland, CA 94612';

function ContactForm() {
  const { t } = useLingui();
  const form = useForm<ContactInput>({
    resolver: zodResolver(contactSchema),
    defaultValues: { name: '', email: '', subject: '', message: '' },
  });
  // POST /api/contact stores the message and mails it to support; 201 answers { message }.
  const send = useMutation({
    mutationFn: async (values: ContactInput) =>
      readJson(await apiRequest('POST', '/api/contact', values), 'messageResult'),
    onSuccess: () => {
      toast({
        title: t`Message sent`,
        description: t`Thank you for reaching out. We will get back to you within two business days.`,
      });
      form.reset();
    },
    onError: (err) =>
      toast({
        title: t`Message not sent`,
        description: errorMessage(err, t`Please try again later.`),
        variant: 'destructive',
      }),
  });
  const { errors } = form.formState;
  return (
    <form
      className="space-y-4"
      noValidate
      onSubmit={form.handleSubmit((v) => send.mutate(v))}
      aria-label={t`Contact form`}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="contact-name"
          label={t`Name`}
          error={errors.name?.message}
          autoComplete="name"
          {...form.register('name')}
        />
        <TextField
          id="contact-email"
          label={t`Email`}
          error={errors.email?.message}
          type="email"
          autoComplete="email"
          {...form.register('email')}
        />
      </div>
      <TextField
        id="contact-subject"
        label={t`Subject`}
        error={errors.subject?.message}
        {...form.register('subject')}
      />
      <TextAreaField
        id="contact-message"
        label={t`Message`}
        error={errors.message?.message}
        rows={6}
        {...form.register('message')}
      />
      <Button type="submit" size="lg" disabled={send.isPending}>
        <Trans>Send Message</Trans>
      </Button>
    </form>
  );
}

export default function ContactPage() {
  usePageHead((texts) => staticPageHead('/contact', {}, texts), '/contact');
  const { t, i18n } = useLingui();
  return (
    <>
      <PageHero
        eyebrow={t`Contact`}
        title={t`Get in touch`}
        intro={t`Questions about hosting, growing, payments or safety? Ideas for us? We read every message and answer within two business days.`}
      />
      <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10 md:grid-cols-[3fr_2fr] md:py-14">
        <Card>
          <CardHeader>
            <h2 className="text-xl font-semibold leading-tight">
              <Trans>Send us a message</Trans>
            </h2>
            <CardDescription>
              <Trans>All fields are required.</Trans>
            </CardDescription>
          </CardHeader>
          <CardContent>
            <ContactForm />
          </CardContent>
        </Card>
        <section aria-labelledby="contact-info-heading" className="space-y-6">
          <h2 id="contact-info-heading" className="text-xl font-semibold">
            <Trans>Other ways to reach us</Trans>
          </h2>
          <div className="flex gap-3">
            <MapPin aria-hidden="true" className="mt-1 h-5 w-5 shrink-0 text-primary" />
            <div>
              <h3 className="font-medium">
                <Trans>Office</Trans>
              </h3>
              <address className="not-italic text-muted-foreground">
                Yardshare
                <br />
                {STREET}
                <br />
                {CITY}
                <br />
                <Trans>United States</Trans>
              </address>
            </div>
          </div>
          <div className="flex gap-3">
            <Mail aria-hidden="true" className="mt-1 h-5 w-5 shrink-0 text-primary" />
            <div>
              <h3 className="font-medium">
                <Trans>E-mail</Trans>
              </h3>
              <ul className="space-y-2">
                {EMAILS.map((e) => (
                  <li key={e.address} className="text-sm">
                    <span className="block text-muted-foreground">{i18n._(e.label)}</span>
                    <a
                      href={mailto(e.address)}
                      className="font-medium text-primary underline-offset-4 hover:underline"
                    >
                      {e.address}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          </div>
          <div className="flex gap-3">
            <Phone aria-hidden="true" className="mt-1 h-5 w-5 shrink-0 text-primary" />
            <div>
              <h3 className="font-medium">
                <Trans>Phone</Trans>
              </h3>
              <a
                href="tel:+15105550142"
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                +1 (510) 555-0142
              </a>
            </div>
          </div>
          <div className="flex gap-3">
            <Clock aria-hidden="true" className="mt-1 h-5 w-5 shrink-0 text-primary" />
            <div>
              <h3 className="font-medium">
                <Trans>Hours</Trans>
              </h3>
              <p className="text-muted-foreground">
                <Trans>Monday to Friday, 9 am to 5 pm Pacific Time</Trans>
              </p>
            </div>
          </div>
        </section>
      </div>
    </>
  );
}
