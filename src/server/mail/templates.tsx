import { renderToStaticMarkup } from 'react-dom/server';
import { PRODUCT_NAME } from '#shared/constants.ts';
import { type Lang, mailLang } from './lang.ts';

// Every e-mail is one of these: a heading, a few paragraphs and at most one button, readable on a
// phone (one 560 px column, large type, a full-width button). Each has a plain-text twin.
export type EmailContent = {
  // The line mail apps show after the subject.
  preheader: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  // Why the reader gets this mail, and the unsubscribe link when it is a notification.
  footer: string;
  unsubscribeUrl?: string;
};

const font = '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif';

function EmailLayout({ c, lang }: { c: EmailContent; lang: Lang }) {
  return (
    <html lang={lang.locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <title>{c.heading}</title>
      </head>
      <body style={{ margin: 0, padding: 0, backgroundColor: '#f4f1ea', fontFamily: font }}>
        <div style={{ display: 'none', maxHeight: 0, overflow: 'hidden' }}>{c.preheader}</div>
        <table
          role="presentation"
          width="100%"
          cellPadding={0}
          cellSpacing={0}
          style={{ backgroundColor: '#f4f1ea' }}
        >
          <tbody>
            <tr>
              <td align="center" style={{ padding: '24px 12px' }}>
                <table
                  role="presentation"
                  width="100%"
                  cellPadding={0}
                  cellSpacing={0}
                  style={{ maxWidth: 560, backgroundColor: '#ffffff', borderRadius: 12 }}
                >
                  <tbody>
                    <tr>
                      <td style={{ padding: '20px 24px', borderBottom: '1px solid #e7e2d6' }}>
                        <span style={{ fontSize: 20, fontWeight: 700, color: '#2f6b3a' }}>
                          {PRODUCT_NAME}
                        </span>
                      </td>
                    </tr>
                    <tr>
                      <td style={{ padding: '24px', color: '#1f2a1f', fontSize: 16, lineHeight: '24px' }}>
                        <h1 style={{ margin: '0 0 16px', fontSize: 22, lineHeight: '28px' }}>{c.heading}</h1>
                        {c.paragraphs.map((p) => (
                          <p key={p} style={{ margin: '0 0 16px', whiteSpace: 'pre-line' }}>
                            {p}
                          </p>
                        ))}
                        {c.action && (
                          <table role="presentation" width="100%" cellPadding={0} cellSpacing={0}>
                            <tbody>
                              <tr>
                                <td align="center" style={{ padding: '8px 0 16px' }}>
                                  <a
                                    href={c.action.url}
                                    style={{
                                      display: 'block',
                                      backgroundColor: '#2f6b3a',
                                      color: '#ffffff',
                                      textDecoration: 'none',
                                      fontWeight: 600,
                                      padding: '14px 20px',
                                      borderRadius: 8,
                                      textAlign: 'center',
                                    }}
                                  >
                                    {c.action.label}
                                  </a>
                                </td>
                              </tr>
                            </tbody>
                          </table>
                        )}
                        {c.action && (
                          <p style={{ margin: 0, fontSize: 13, color: '#5c665c', wordBreak: 'break-all' }}>
                            {lang.t.layout.orOpenLink(c.action.url)}
                          </p>
                        )}
                      </td>
                    </tr>
                    <tr>
                      <td
                        style={{
                          padding: '16px 24px',
                          borderTop: '1px solid #e7e2d6',
                          fontSize: 13,
                          lineHeight: '20px',
                          color: '#5c665c',
                        }}
                      >
                        {c.footer}
                        {c.unsubscribeUrl && (
                          <>
                            {' '}
                            <a href={c.unsubscribeUrl} style={{ color: '#2f6b3a' }}>
                              {lang.t.layout.unsubscribe}
                            </a>
                          </>
                        )}
                      </td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}

// In the recipient's language (ADR 031); English when none is given.
export function renderEmail(c: EmailContent, lang: Lang = mailLang('en')): { html: string; text: string } {
  const html = `<!doctype html>${renderToStaticMarkup(<EmailLayout c={c} lang={lang} />)}`;
  const text = [
    c.heading,
    '',
    ...c.paragraphs.flatMap((p) => [p, '']),
    ...(c.action ? [`${c.action.label}: ${c.action.url}`, ''] : []),
    '--',
    c.footer,
    ...(c.unsubscribeUrl ? [`${lang.t.layout.unsubscribe}: ${c.unsubscribeUrl}`] : []),
  ].join('\n');
  return { html, text };
}
