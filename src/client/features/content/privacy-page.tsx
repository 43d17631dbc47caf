import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { usePageHead } from '#client/lib/head.ts';
import { staticPageHead } from '#shared/seo.ts';
import { LegalDocument, type LegalSection } from './components/legal-document.tsx';
import { LEGAL_UPDATED } from './legal.ts';

const ext = 'text-primary underline underline-offset-4';

const SECTIONS: LegalSection[] = [
  {
    id: 'data-collected',
    title: msg`Information we collect`,
    body: (
      <>
        <p>
          <Trans>We collect only what we need to run Yardshare:</Trans>
        </p>
        <ul>
          <li>
            <Trans>
              <strong>Account details:</strong> your name, e-mail address, phone number (if you give one),
              username and password (stored only as a secure hash).
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Profile information:</strong> your bio and profile picture.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Payment information:</strong> amounts, listing, status and the payment provider&apos;s
              reference. Card and wallet details are handled by the payment provider, not stored by us.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Messages</strong> you send to other users through Yardshare.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Location:</strong> the address, city and state of listed spaces and the places you
              search for.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Listing content:</strong> photos and descriptions of land. We remove location data (such
              as GPS tags) from uploaded photos.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Reports and blocks:</strong> the reports you send (what you reported, the reason and any
              details you add), reports others send about you, your listings or your messages, and the members
              you block.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Safety records:</strong> whether a message you sent was flagged as a possible request to
              pay outside Yardshare, warnings and suspensions of your account, and the log of actions our team
              takes (see below).
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Technical data:</strong> basic logs such as IP address and browser type, used to keep
              the service secure.
            </Trans>
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'use',
    title: msg`How we use your information`,
    body: (
      <ul>
        <li>
          <Trans>To create and secure your account and keep you signed in.</Trans>
        </li>
        <li>
          <Trans>To show listings, connect Hosts and Growers, and deliver messages.</Trans>
        </li>
        <li>
          <Trans>To process rental payments and the service fee.</Trans>
        </li>
        <li>
          <Trans>To prevent fraud, spam and abuse, and to enforce our Terms of Service.</Trans>
        </li>
        <li>
          <Trans>
            To keep members safe. Our team reviews reports and may hide a listing, remove a message, warn a
            member or suspend an account. To decide, they can see the reported listing, profile or message,
            the messages just before and after a reported message, and an account&apos;s listings, bookings,
            payments and reports. Blocks are applied automatically, so that blocked members cannot reach each
            other.
          </Trans>
        </li>
        <li>
          <Trans>
            To warn you about payment scams. Every message is checked automatically for signs of a request to
            pay outside Yardshare: an e-mail address or phone number together with payment words, a
            payment-app handle, or a cryptocurrency address. A message that matches is still delivered; the
            recipient sees a warning beside it, and our team sees that it was flagged. This check never
            suspends anyone or removes a message on its own.
          </Trans>
        </li>
        <li>
          <Trans>To answer your questions and tell you about important changes.</Trans>
        </li>
        <li>
          <Trans>To understand how Yardshare is used so we can improve it.</Trans>
        </li>
      </ul>
    ),
  },
  {
    id: 'sharing',
    title: msg`How we share information`,
    body: (
      <>
        <p>
          <Trans>We do not sell your personal information. We share it only:</Trans>
        </p>
        <ul>
          <li>
            <Trans>
              With other users, as needed for an arrangement: for example, the listing you publish or the
              messages you send.
            </Trans>
          </li>
          <li>
            <Trans>
              With service providers who work for us, such as hosting and payment processing, under contracts
              that protect your data.
            </Trans>
          </li>
          <li>
            <Trans>When the law requires it, or to protect the safety of our users and the public.</Trans>
          </li>
          <li>
            <Trans>
              Never the name of who reported something: we do not tell the member you report, or the member
              you block, that you did.
            </Trans>
          </li>
          <li>
            <Trans>
              With a buyer or successor if Yardshare is ever merged or sold, under the same protections.
            </Trans>
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'choices',
    title: msg`Your choices`,
    body: (
      <ul>
        <li>
          <Trans>You can view and edit your profile at any time.</Trans>
        </li>
        <li>
          <Trans>
            You can ask us for a copy of your data, or to correct or delete it, by writing to
            privacy@yardshare.org.
          </Trans>
        </li>
        <li>
          <Trans>You can unsubscribe from non-essential e-mails with the link in each message.</Trans>
        </li>
        <li>
          <Trans>
            You can set your browser to refuse cookies, although signing in needs one essential session
            cookie.
          </Trans>
        </li>
      </ul>
    ),
  },
  {
    id: 'security',
    title: msg`Security`,
    body: (
      <p>
        <Trans>
          We protect your information with encryption in transit, hashed passwords, secure session cookies and
          limited staff access. Only staff given the operator role can use our moderation tools, and every
          action they take there (who did what, to which account, listing, message or payment, when and why)
          is recorded in an audit log that cannot be edited or deleted through Yardshare. No system is
          perfectly secure, so please use a strong, unique password and tell us at once if you suspect a
          problem.
        </Trans>
      </p>
    ),
  },
  {
    id: 'international',
    title: msg`International transfers`,
    body: (
      <p>
        <Trans>
          Yardshare is based in the United States, and your information may be stored and processed there or
          in other countries where our service providers work. When we transfer data across borders we use
          safeguards required by law, such as standard contractual clauses.
        </Trans>
      </p>
    ),
  },
  {
    id: 'retention',
    title: msg`How long we keep information`,
    body: (
      <p>
        <Trans>
          We keep your information while your account is open. When you close it, we delete or anonymise your
          personal information within 90 days, except records we must keep longer for legal, tax,
          fraud-prevention or safety reasons, such as payment records, reports about an account and the audit
          log of our team&apos;s actions.
        </Trans>
      </p>
    ),
  },
  {
    id: 'children',
    title: msg`Children`,
    body: (
      <p>
        <Trans>
          Yardshare is for adults. It is not directed at children, and you must be at least 18 years old to
          create an account. If you believe a child under 18 has given us personal information, contact us and
          we will delete it.
        </Trans>
      </p>
    ),
  },
  {
    id: 'advertising',
    title: msg`Third-party advertising`,
    body: (
      <>
        <p>
          <Trans>
            Yardshare does not show third-party ads today. If we ever work with advertising partners, they may
            use cookies to show ads based on your interests. You can opt out of interest-based advertising
            from participating companies at any time:
          </Trans>
        </p>
        <ul>
          <li>
            <a href="https://optout.aboutads.info/" className={ext} rel="noopener noreferrer" target="_blank">
              <Trans>Digital Advertising Alliance opt-out</Trans>
            </a>
          </li>
          <li>
            <a
              href="https://optout.networkadvertising.org/"
              className={ext}
              rel="noopener noreferrer"
              target="_blank"
            >
              <Trans>Network Advertising Initiative opt-out</Trans>
            </a>
          </li>
          <li>
            <a
              href="https://www.youronlinechoices.eu/"
              className={ext}
              rel="noopener noreferrer"
              target="_blank"
            >
              <Trans>Your Online Choices (Europe)</Trans>
            </a>
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'california',
    title: msg`Your California privacy rights`,
    body: (
      <>
        <p>
          <Trans>
            If you live in California, the California Consumer Privacy Act, as amended, gives you the right
            to:
          </Trans>
        </p>
        <ul>
          <li>
            <Trans>Know what personal information we collect, use and disclose, and get a copy of it.</Trans>
          </li>
          <li>
            <Trans>Ask us to delete or correct your personal information.</Trans>
          </li>
          <li>
            <Trans>
              Opt out of the sale or sharing of personal information. We do not sell or share it for
              cross-context advertising.
            </Trans>
          </li>
          <li>
            <Trans>
              Limit the use of sensitive personal information, and not be treated differently for using any of
              these rights.
            </Trans>
          </li>
        </ul>
        <p>
          <Trans>
            To use these rights, write to privacy@yardshare.org. We will verify your request and answer within
            45 days.
          </Trans>
        </p>
      </>
    ),
  },
  {
    id: 'contact',
    title: msg`Contact us`,
    body: (
      <p>
        <Trans>
          Questions about this policy or your data? Write to privacy@yardshare.org, or to Yardshare, 2150
          Garden Way, Suite 200, Oakland, CA 94612, or use our{' '}
          <Link to="/contact" className={ext}>
            contact page
          </Link>
          .
        </Trans>
      </p>
    ),
  },
];

export default function PrivacyPage() {
  usePageHead((texts) => staticPageHead('/privacy-policy', {}, texts), '/privacy-policy');
  const { t } = useLingui();
  return (
    <LegalDocument
      title={t`Privacy Policy`}
      updated={LEGAL_UPDATED}
      englishPath="/privacy-policy"
      intro={
        <p>
          <Trans>
            Your privacy matters to us. This policy explains what information Yardshare collects when you use
            our website, why we collect it, who we share it with, and the choices and rights you have.
          </Trans>
        </p>
      }
      sections={SECTIONS}
    />
  );
}
