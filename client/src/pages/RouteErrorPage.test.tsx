import { render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorPage } from './RouteErrorPage';
import { siteConfig } from '../lib/siteConfig';
import { setTestLocale } from '../test/locale';

function Broken(): never {
  throw new Error('chunk gone');
}

function renderFailure() {
  const router = createMemoryRouter([{ path: '/', Component: Broken, ErrorBoundary: RouteErrorPage }]);
  return render(<RouterProvider router={router} />);
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('RouteErrorPage', () => {
  it('says the page failed to load and offers to try again', async () => {
    renderFailure();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Something went wrong loading this page.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe(`Something went wrong | ${siteConfig().productName}`));
  });

  it('says it in Arabic on an Arabic page', async () => {
    await setTestLocale('ar');
    renderFailure();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'حدث خطأ أثناء تحميل هذه الصفحة.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'حاول مرة أخرى' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'العودة إلى الصفحة الرئيسية' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe(`حدث خطأ ما | ${siteConfig().productName}`));
    expect(document.body).not.toHaveTextContent(/Something went wrong|Try again|Back to home/);
  });
});
