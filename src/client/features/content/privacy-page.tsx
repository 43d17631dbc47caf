import { Link } from 'react-router';
import { usePageHead } from '#client/lib/head.ts';
import { staticPageHead } from '#shared/seo.ts';
import { LegalDocument, type LegalSection } from './components/legal-document.tsx';
import { LEGAL_UPDATED } from './legal.ts';

const ext = 'text-primary underline underline-offset-4';

const SECTIONS: LegalSection[] = [
  {
    id: 'data-collected',
    title: 'Information we collect',
    body: (
      <>
        <p>We collect only what we need to run Yardshare:</p>
        <ul>
          <li>
            <strong>Account details:</strong> your name, e-mail address, phone number (if you give one),
            username and password (stored only as a secure hash).
          </li>
          <li>
            <strong>Profile information:</strong> your bio and profile picture.
          </li>
          <li>
            <strong>Payment information:</strong> amounts, listing, status and the payment provider&apos;s
            reference. Card and wallet details are handled by the payment provider, not stored by us.
          </li>
          <li>
            <strong>Messages</strong> you send to other users through Yardshare.
          </li>
          <li>
            <strong>Location:</strong> the address, city and state of listed spaces and the places you search
            for.
          </li>
          <li>
            <strong>Listing content:</strong> photos and descriptions of land. We remove location data (such
            as GPS tags) from uploaded photos.
          </li>
          <li>
            <strong>Reports and blocks:</strong> the reports you send (what you reported, the reason and any
            details you add), reports others send about you, your listings or your messages, and the members
            you block.
          </li>
          <li>
            <strong>Safety records:</strong> whether a message you sent was flagged as a possible request to
            pay outside Yardshare, warnings and suspensions of your account, and the log of actions our team
            takes (see below).
          </li>
          <li>
            <strong>Technical data:</strong> basic logs such as IP address and browser type, used to keep the
            service secure.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'use',
    title: 'How we use your information',
    body: (
      <ul>
        <li>To create and secure your account and keep you signed in.</li>
        <li>To show listings, connect Hosts and Growers, and deliver messages.</li>
        <li>To process rental payments and the service fee.</li>
        <li>To prevent fraud, spam and abuse, and to enforce our Terms of Service.</li>
        <li>
          To keep members safe. Our team reviews reports and may hide a listing, remove a message, warn a
          member or suspend an account. To decide, they can see the reported listing, profile or message, the
          messages just before and after a reported message, and an account&apos;s listings, bookings,
          payments and reports. Blocks are applied automatically, so that blocked members cannot reach each
          other.
        </li>
        <li>
          To warn you about payment scams. Every message is checked automatically for signs of a request to
          pay outside Yardshare: an e-mail address or phone number together with payment words, a payment-app
          handle, or a cryptocurrency address. A message that matches is still delivered; the recipient sees a
          warning beside it, and our team sees that it was flagged. This check never suspends anyone or
          removes a message on its own.
        </li>
        <li>To answer your questions and tell you about important changes.</li>
        <li>To understand how Yardshare is used so we can improve it.</li>
      </ul>
    ),
  },
  {
    id: 'sharing',
    title: 'How we share information',
    body: (
      <>
        <p>We do not sell your personal information. We share it only:</p>
        <ul>
          <li>
            With other users, as needed for an arrangement: for example, the listing you publish or the
            messages you send.
          </li>
          <li>
            With service providers who work for us, such as hosting and payment processing, under contracts
            that protect your data.
          </li>
          <li>When the law requires it, or to protect the safety of our users and the public.</li>
          <li>
            Never the name of who reported something: we do not tell the member you report, or the member you
            block, that you did.
          </li>
          <li>With a buyer or successor if Yardshare is ever merged or sold, under the same protections.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'choices',
    title: 'Your choices',
    body: (
      <ul>
        <li>You can view and edit your profile at any time.</li>
        <li>
          You can ask us for a copy of your data, or to correct or delete it, by writing to
          privacy@yardshare.org.
        </li>
        <li>You can unsubscribe from non-essential e-mails with the link in each message.</li>
        <li>
          You can set your browser to refuse cookies, although signing in needs one essential session cookie.
        </li>
      </ul>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <p>
        We protect your information with encryption in transit, hashed passwords, secure session cookies and
        limited staff access. Only staff given the operator role can use our moderation tools, and every
        action they take there (who did what, to which account, listing, message or payment, when and why) is
        recorded in an audit log that cannot be edited or deleted through Yardshare. No system is perfectly
        secure, so please use a strong, unique password and tell us at once if you suspect a problem.
      </p>
    ),
  },
  {
    id: 'international',
    title: 'International transfers',
    body: (
      <p>
        Yardshare is based in the United States, and your information may be stored and processed there or in
        other countries where our service providers work. When we transfer data across borders we use
        safeguards required by law, such as standard contractual clauses.
      </p>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep information',
    body: (
      <p>
        We keep your information while your account is open. When you close it, we delete or anonymise your
        personal information within 90 days, except records we must keep longer for legal, tax,
        fraud-prevention or safety reasons, such as payment records, reports about an account and the audit
        log of our team&apos;s actions.
      </p>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: (
      <p>
        Yardshare is for adults. It is not directed at children, and you must be at least 18 years old to
        create an account. If you believe a child under 18 has given us personal information, contact us and
        we will delete it.
      </p>
    ),
  },
  {
    id: 'advertising',
    title: 'Third-party advertising',
    body: (
      <>
        <p>
          Yardshare does not show third-party ads today. If we ever work with advertising partners, they may
          use cookies to show ads based on your interests. You can opt out of interest-based advertising from
          participating companies at any time:
        </p>
        <ul>
          <li>
            <a href="https://optout.aboutads.info/" className={ext} rel="noopener noreferrer" target="_blank">
              Digital Advertising Alliance opt-out
            </a>
          </li>
          <li>
            <a
              href="https://optout.networkadvertising.org/"
              className={ext}
              rel="noopener noreferrer"
              target="_blank"
            >
              Network Advertising Initiative opt-out
            </a>
          </li>
          <li>
            <a
              href="https://www.youronlinechoices.eu/"
              className={ext}
              rel="noopener noreferrer"
              target="_blank"
            >
              Your Online Choices (Europe)
            </a>
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'california',
    title: 'Your California privacy rights',
    body: (
      <>
        <p>
          If you live in California, the California Consumer Privacy Act, as amended, gives you the right to:
        </p>
        <ul>
          <li>Know what personal information we collect, use and disclose, and get a copy of it.</li>
          <li>Ask us to delete or correct your personal information.</li>
          <li>
            Opt out of the sale or sharing of personal information. We do not sell or share it for
            cross-context advertising.
          </li>
          <li>
            Limit the use of sensitive personal information, and not be treated differently for using any of
            these rights.
          </li>
        </ul>
        <p>
          To use these rights, write to privacy@yardshare.org. We will verify your request and answer within
          45 days.
        </p>
      </>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    body: (
      <p>
        Questions about this policy or your data? Write to privacy@yardshare.org, or to Yardshare, 2150 Garden
        Way, Suite 200, Oakland, CA 94612, or use our{' '}
        <Link to="/contact" className={ext}>
          contact page
        </Link>
        .
      </p>
    ),
  },
];

export default function PrivacyPage() {
  usePageHead(staticPageHead('/privacy-policy'));
  return (
    <LegalDocument
      title="Privacy Policy"
      updated={LEGAL_UPDATED}
      intro={
        <p>
          Your privacy matters to us. This policy explains what information Yardshare collects when you use
          our website, why we collect it, who we share it with, and the choices and rights you have.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
