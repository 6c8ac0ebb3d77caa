import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { NotFoundPage } from './NotFoundPage';
import { setTestLocale } from '../test/locale';

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/nowhere']}>
      <NotFoundPage />
    </MemoryRouter>,
  );
}

describe('NotFoundPage', () => {
  it('says the page was not found, with a link home', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'This page was not found!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });

  it('says it in Arabic on an Arabic page', async () => {
    await setTestLocale('ar');
    renderPage();
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading.textContent).not.toBe('This page was not found!');
    expect(heading.textContent).toMatch(/[\u0600-\u06FF]/);
    expect(screen.getByRole('link', { name: 'العودة إلى الصفحة الرئيسية' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toMatch(/[\u0600-\u06FF]/));
  });
});
