import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { usePageHead } from '#client/lib/head.ts';
import { useHoldText } from '#client/lib/payment-terms.ts';
import { PLATFORM_FEE_PERCENT } from '#shared/constants.ts';
import { staticPageHead } from '#shared/seo.ts';
import { LegalDocument, type LegalSection } from './components/legal-document.tsx';
import { LEGAL_UPDATED } from './legal.ts';

// The hold is the configured one (ADR 045): an ellipsis until it is known, never a guess.
const sections = (hold: string): LegalSection[] => [
  {
    id: 'acceptance',
    title: msg`Acceptance of these terms`,
    body: (
      <p>
        <Trans>
          By creating an account, listing a space, or using Yardshare in any other way, you agree to these
          Terms of Service and to our{' '}
          <Link to="/privacy-policy" className="text-primary underline underline-offset-4">
            Privacy Policy
          </Link>
          . If you do not agree, please do not use the platform. You must be at least 18 years old to use
          Yardshare.
        </Trans>
      </p>
    ),
  },
  {
    id: 'platform',
    title: msg`What Yardshare is`,
    body: (
      <>
        <p>
          <Trans>
            Yardshare is an online marketplace that connects people who have growing space (&quot;Hosts&quot;)
            with people who want to grow food (&quot;Growers&quot;). Listings are offered as monthly rentals,
            as work exchanges (garden work in return for space), or as free community gardens.
          </Trans>
        </p>
        <p>
          <Trans>
            Yardshare is not a party to the arrangements between Hosts and Growers. We do not own, inspect or
            manage the spaces listed, and we do not employ Hosts or Growers.
          </Trans>
        </p>
      </>
    ),
  },
  {
    id: 'accounts',
    title: msg`Your account`,
    body: (
      <ul>
        <li>
          <Trans>Give accurate information when you register and keep it up to date.</Trans>
        </li>
        <li>
          <Trans>
            Keep your password private. You are responsible for everything done with your account.
          </Trans>
        </li>
        <li>
          <Trans>One person, one account. Accounts may not be sold or transferred.</Trans>
        </li>
        <li>
          <Trans>
            Tell us at once at support@yardshare.org if you believe your account has been used without your
            permission.
          </Trans>
        </li>
      </ul>
    ),
  },
  {
    id: 'host-responsibilities',
    title: msg`Host responsibilities`,
    body: (
      <ul>
        <li>
          <Trans>
            Only list land you own or have the right to share, and follow local rules, leases and homeowner
            association agreements.
          </Trans>
        </li>
        <li>
          <Trans>
            Describe the space honestly: size, sun, water, access, amenities and any known hazards such as
            contaminated soil.
          </Trans>
        </li>
        <li>
          <Trans>Keep the space reasonably safe and give Growers the access you agreed on.</Trans>
        </li>
        <li>
          <Trans>For work exchanges, ask only for the hours and kinds of work stated in the listing.</Trans>
        </li>
        <li>
          <Trans>Handle any taxes, permits or insurance that apply to you as a Host.</Trans>
        </li>
      </ul>
    ),
  },
  {
    id: 'grower-responsibilities',
    title: msg`Grower responsibilities`,
    body: (
      <ul>
        <li>
          <Trans>Respect the Host&apos;s property, privacy, access times and house rules.</Trans>
        </li>
        <li>
          <Trans>Grow only lawful plants, and use only the methods and inputs agreed with the Host.</Trans>
        </li>
        <li>
          <Trans>For work exchanges, give the agreed hours and tell the Host early if you cannot.</Trans>
        </li>
        <li>
          <Trans>
            Leave the space in good condition at the end of the arrangement, unless you agree otherwise.
          </Trans>
        </li>
      </ul>
    ),
  },
  {
    id: 'fees',
    title: msg`Fees and payments`,
    body: (
      <>
        <p>
          <Trans>
            Joining Yardshare, listing a space, messaging, work exchanges and community gardens are free.
            Rentals carry a {PLATFORM_FEE_PERCENT}% service fee, shown on the payment button before you pay.
          </Trans>
        </p>
        <p>
          <Trans>
            Rental payments are made through a hosted cryptocurrency checkout run by a payment provider.
            Payments are held until {hold} after the rental period begins and then released to the Host, less
            the service fee. Confirmation on the blockchain can take a few minutes; a payment is complete only
            once it is confirmed.
          </Trans>
        </p>
      </>
    ),
  },
  {
    id: 'cancellation',
    title: msg`Cancellation by arrangement type`,
    body: (
      <ul>
        <li>
          <Trans>
            <strong>Rentals:</strong> each rental listing has a cancellation policy (Flexible, Moderate or
            Strict) shown on the listing, in the booking form and on the booking. A Grower who cancels gets
            back the rent that policy gives (the {PLATFORM_FEE_PERCENT}% service fee is kept), under the
            policy the booking was made with, whatever the listing says later. A Host who cancels refunds
            everything paid, fee included. Refunds come from the payment Yardshare holds until {hold} after
            the start; once it has been released to the Host, refunds are a matter between Host and Grower.
          </Trans>
        </li>
        <li>
          <Trans>
            <strong>Work exchanges:</strong> either side may cancel an exchange at any time, free, with a note
            to the other and reasonable notice, ideally one week. No money is owed either way.
          </Trans>
        </li>
        <li>
          <Trans>
            <strong>Community gardens:</strong> membership is free and may be cancelled at any time; please
            follow the garden&apos;s own rules for returning a plot.
          </Trans>
        </li>
      </ul>
    ),
  },
  {
    id: 'prohibited',
    title: msg`Prohibited activities`,
    body: (
      <>
        <ul>
          <li>
            <Trans>Growing, selling or arranging anything illegal where the space is located.</Trans>
          </li>
          <li>
            <Trans>
              Fake listings, false reviews, impersonation, or misleading anyone about a space or yourself.
            </Trans>
          </li>
          <li>
            <Trans>
              Harassment, discrimination, threats or hateful content in listings, reviews or messages.
            </Trans>
          </li>
          <li>
            <Trans>
              Asking for or taking payment for a rental outside Yardshare (cash, bank transfers, payment apps,
              gift cards or cryptocurrency addresses), for example to avoid the service fee.
            </Trans>
          </li>
          <li>
            <Trans>
              Contacting someone who has blocked you by other means, or opening another account to get around
              a block or a suspension.
            </Trans>
          </li>
          <li>
            <Trans>Reports made in bad faith, or to harass the person reported.</Trans>
          </li>
          <li>
            <Trans>
              Spam, scraping, or any attempt to break, overload or get around the security of the platform.
            </Trans>
          </li>
        </ul>
        <p>
          <Trans>
            <strong>Reporting and blocking.</strong> Every listing, profile and received message has a Report
            button; reports are private, and we do not tell anyone who sent one. You can block another member
            from their profile or your conversation with them: neither of you can then message, book or review
            the other, and neither sees the other&apos;s listings. You can unblock them in Account Settings.
          </Trans>
        </p>
        <p>
          <Trans>
            <strong>How we enforce these rules.</strong> Our team reviews every report. When something breaks
            these terms we may hide a listing, remove a message, warn the member, or suspend the account (see
            Termination). Every such action is recorded with the reason for it. Messages that look like a
            request to pay outside Yardshare (an e-mail address or phone number together with payment words, a
            payment-app handle, or a cryptocurrency address) are flagged automatically: they are still
            delivered, the recipient sees a warning beside them, and our team sees that they were flagged.
            Nobody is suspended automatically.
          </Trans>
        </p>
      </>
    ),
  },
  {
    id: 'liability',
    title: msg`Limits of liability`,
    body: (
      <>
        <p>
          <Trans>
            Yardshare is provided &quot;as is&quot;. We do our best to keep it running and accurate, but we do
            not guarantee listings, the conduct of users, or the results of any garden.
          </Trans>
        </p>
        <p>
          <Trans>
            To the fullest extent the law allows, Yardshare is not liable for indirect or consequential
            losses, injuries, crop losses or property damage arising from arrangements between users. Our
            total liability to you for any claim is limited to the service fees you paid us in the twelve
            months before it.
          </Trans>
        </p>
      </>
    ),
  },
  {
    id: 'privacy',
    title: msg`Privacy`,
    body: (
      <p>
        <Trans>
          How we collect, use and protect your personal information is explained in our{' '}
          <Link to="/privacy-policy" className="text-primary underline underline-offset-4">
            Privacy Policy
          </Link>
          .
        </Trans>
      </p>
    ),
  },
  {
    id: 'modifications',
    title: msg`Changes to these terms`,
    body: (
      <p>
        <Trans>
          We may update these terms as Yardshare grows. We will change the date at the top of this page, and
          for significant changes we will tell you by e-mail or in the app before they take effect. Using
          Yardshare after the changes take effect means you accept them.
        </Trans>
      </p>
    ),
  },
  {
    id: 'termination',
    title: msg`Termination`,
    body: (
      <p>
        <Trans>
          You may close your account at any time. We may suspend or close an account that breaks these terms
          or puts other users at risk. A suspended account is signed out everywhere at once, cannot sign in,
          and its listings are hidden until we reinstate it; if you think we made a mistake, write to
          support@yardshare.org. Arrangements already paid for are handled fairly, and sections that by their
          nature should survive (such as fees owed and limits of liability) continue to apply.
        </Trans>
      </p>
    ),
  },
  {
    id: 'governing-law',
    title: msg`Governing law`,
    body: (
      <p>
        <Trans>
          These terms are governed by the laws of the State of California, United States, without regard to
          its conflict of law rules. Disputes will be heard in the state or federal courts located in
          California, unless the law where you live gives you the right to bring a claim there.
        </Trans>
      </p>
    ),
  },
  {
    id: 'contact',
    title: msg`Contact`,
    body: (
      <p>
        <Trans>
          Questions about these terms? Write to legal@yardshare.org, or use our{' '}
          <Link to="/contact" className="text-primary underline underline-offset-4">
            contact page
          </Link>
          .
        </Trans>
      </p>
    ),
  },
];

export default function TermsPage() {
  // The configured hold (ADR 045); pre-rendered pages carry it in their state.
  const hold = useHoldText();
  usePageHead((texts) => staticPageHead('/terms', {}, texts), '/terms');
  const { t } = useLingui();
  return (
    <LegalDocument
      title={t`Terms of Service`}
      updated={LEGAL_UPDATED}
      englishPath="/terms"
      intro={
        <p>
          <Trans>
            These terms explain the rules for using Yardshare, for Hosts and for Growers alike. They also
            serve as our safety guidelines: please read them before you list a space or arrange to grow on
            one.
          </Trans>
        </p>
      }
      sections={sections(hold ?? '…')}
    />
  );
}
