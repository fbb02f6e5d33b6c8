import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { withTags } from './LegalLinks.tsx';

/** The legal sentence's tags become the links, as react-i18next's Trans made them. */
describe('withTags', () => {
  it('puts the given elements where the self-closing tags stand, keeping the words around them', () => {
    const { container } = render(
      <p>
        {withTags('By continuing you agree to the <terms/> and the <privacy/>.', {
          terms: <a href="#terms">Terms</a>,
          privacy: <a href="#privacy">Privacy</a>,
        })}
      </p>,
    );
    expect(container.textContent).toBe('By continuing you agree to the Terms and the Privacy.');
    expect(screen.getByRole('link', { name: 'Terms' }).getAttribute('href')).toBe('#terms');
    expect(screen.getByRole('link', { name: 'Privacy' }).getAttribute('href')).toBe('#privacy');
  });

  it('leaves a tag it has no element for as text', () => {
    const { container } = render(<p>{withTags('Ich stimme den <terms/> und <other/> zu', { terms: <b>AGB</b> })}</p>);
    expect(container.textContent).toBe('Ich stimme den AGB und <other/> zu');
  });
});
