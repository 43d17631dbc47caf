import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronLeft, Handshake, MapPin, PartyPopper, Sprout, Users } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { ModalDialog } from '#client/components/ui/modal-dialog.tsx';
import { cn } from '#client/lib/utils.ts';
import { ONBOARDING_STEPS } from '#shared/constants.ts';

// The first-visit carousel: five steps, a progress bar, 'Step N of 5', Back, Skip,
// Next then 'Get Started!'. Closing, skipping or finishing calls onDone.
export const STEPS = [
  {
    icon: Sprout,
    title: msg`Welcome to Yardshare`,
    text: msg`Join a community of garden enthusiasts who share land, skills and harvests. Whether you have space or want some, you belong here.`,
  },
  {
    icon: MapPin,
    title: msg`Find your perfect plot`,
    text: msg`Rent a plot by the month, exchange a few hours of work for space, or join a free community garden near you.`,
  },
  {
    icon: Handshake,
    title: msg`Grow your way`,
    text: msg`Complete beginner or seasoned expert, pick the space and the arrangement that fit your skills, your time and your goals.`,
  },
  {
    icon: Users,
    title: msg`Connect with others`,
    text: msg`Message hosts and growers, share what you know, swap seeds and learn from the people gardening around you.`,
  },
  {
    icon: PartyPopper,
    title: msg`Ready to grow?`,
    text: msg`Browse spaces near you or list your own. Your next harvest starts with a single conversation.`,
  },
] as const;

if (STEPS.length !== ONBOARDING_STEPS) throw new Error('onboarding steps out of sync');

// The carousel itself, loaded only for a visitor who has not finished it (onboarding-modal.tsx).
export default function OnboardingCarousel({ open, onDone }: { open: boolean; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const [step, setStep] = useState(0);
  const close = () => {
    onDone();
    setStep(0);
  };
  const last = step === STEPS.length - 1;
  const number = step + 1;
  const total = STEPS.length;
  return (
    <ModalDialog
      open={open}
      onClose={close}
      labelledBy="onboarding-title"
      describedBy="onboarding-text"
      className="max-w-md gap-0 p-0 sm:max-w-lg"
    >
      {/* Every step in the same cell, only the current one visible: the tallest sets the height,
          so nothing moves from one step to the next, in any language. */}
      <div className="grid px-6 pb-6 pt-10 text-center">
        {STEPS.map((s, i) => {
          const Icon = s.icon;
          const current = i === step;
          return (
            <div
              key={s.title.id}
              aria-hidden={current ? undefined : true}
              data-testid={current ? 'onboarding-step' : undefined}
              className={cn('col-start-1 row-start-1 flex flex-col items-center', !current && 'invisible')}
            >
              <span className="flex h-16 w-16 items-center justify-center rounded-full bg-accent text-primary">
                <Icon aria-hidden="true" className="h-8 w-8" />
              </span>
              <h2 id={current ? 'onboarding-title' : undefined} className="mt-5 text-2xl font-bold">
                {i18n._(s.title)}
              </h2>
              <p id={current ? 'onboarding-text' : undefined} className="mt-3 text-muted-foreground">
                {i18n._(s.text)}
              </p>
            </div>
          );
        })}
      </div>
      <div className="border-t border-border px-6 py-4">
        <div
          role="progressbar"
          aria-label={t`Onboarding progress`}
          aria-valuemin={1}
          aria-valuemax={STEPS.length}
          aria-valuenow={step + 1}
          className="h-2 w-full overflow-hidden rounded-full bg-muted"
        >
          <div
            className="h-full rounded-full bg-primary transition-[width] duration-300"
            style={{ width: `${((step + 1) / STEPS.length) * 100}%` }}
          />
        </div>
        <div className="mt-3 flex items-center justify-between gap-4">
          <p className="text-sm text-muted-foreground" aria-live="polite">
            <Trans>
              Step {number} of {total}
            </Trans>
          </p>
          {/* Kept in place on the last step (invisible), so the row does not change. */}
          <Button
            variant="link"
            size="sm"
            disabled={last}
            className={cn('px-0', last && 'invisible')}
            onClick={close}
          >
            <Trans>Skip</Trans>
          </Button>
        </div>
        <div className="mt-3 flex items-center justify-between gap-3">
          <Button
            variant="outline"
            disabled={step === 0}
            className={cn(step === 0 && 'invisible')}
            onClick={() => setStep((s) => Math.max(0, s - 1))}
          >
            <ChevronLeft aria-hidden="true" /> <Trans>Back</Trans>
          </Button>
          <Button onClick={() => (last ? close() : setStep((s) => s + 1))}>
            {last ? <Trans>Get Started!</Trans> : <Trans>Next</Trans>}
          </Button>
        </div>
      </div>
    </ModalDialog>
  );
}
