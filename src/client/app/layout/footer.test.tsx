import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '#client/testing/render.tsx';
import { Footer } from './footer.tsx';

describe('Footer', () => {
  it('its social links are real links that share Yardshare, in the visitor language', async () => {
    await renderAt(<Footer />, { locale: 'fr' });
    const list = screen.getByRole('list', { name: 'Partager Yardshare' });
    const links = within(list).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['Facebook', 'X', 'LinkedIn', 'E-mail']);
    expect(links[0].getAttribute('href')).toBe(
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent('http://localhost/fr')}`,
    );
    expect(links[3].getAttribute('href')).toMatch(/^mailto:\?subject=Yardshare&body=.*localhost%2Ffr/);
    for (const a of links.slice(0, 3)) expect(a.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('"Host Stories" and "Community Stories" open different places', async () => {
    await renderAt(<Footer />);
    const host = screen.getByRole('link', { name: 'Host Stories' }).getAttribute('href');
    const community = screen.getByRole('link', { name: 'Community Stories' }).getAttribute('href');
    expect(host).toBe('/community-stories#hosts');
    expect(community).toBe('/community-stories');
  });
});
