import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { useAuthStore, type UserRole } from '@cardirect/web';
import { Header } from './header';

function renderHeader(path = '/') {
  return render(
    <Router hook={memoryLocation({ path }).hook}>
      <Header />
    </Router>,
  );
}

const desktopNav = () => screen.getByRole('navigation', { name: 'Main' });

afterEach(() => {
  cleanup();
  act(() => useAuthStore.setState({ role: 'dealer', email: null }));
});

describe('Header', () => {
  it('links to the pages of the spec', () => {
    renderHeader();
    const hrefs = within(desktopNav())
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(hrefs).toEqual([
      ['How It Works', '/#how-it-works'],
      ['Car Buyers', '/car-buyers'],
      ['For Dealers', '/dealer/register'],
      ['About Us', '/about-us'],
      ['Contact', '/#contact'],
    ]);
  });

  it('marks the link of the page on display as the current page', () => {
    renderHeader('/about-us');
    expect(within(desktopNav()).getByRole('link', { name: 'About Us' }).getAttribute('aria-current')).toBe('page');
    expect(within(desktopNav()).getByRole('link', { name: 'Car Buyers' }).hasAttribute('aria-current')).toBe(false);
  });

  it('When nobody is logged in, then it offers Dealer Login and Submit Your Car', () => {
    renderHeader();
    expect(screen.getAllByRole('link', { name: 'Dealer Login' })[0].getAttribute('href')).toBe('/dealer/login');
    expect(screen.getAllByRole('link', { name: 'Submit Your Car' })[0].getAttribute('href')).toBe('/submit-vehicle');
    expect(screen.queryByRole('link', { name: 'Dashboard' })).toBeNull();
  });

  it.each<[UserRole, string]>([
    ['admin', '/admin/dashboard'],
    ['dealer', '/dealer/dashboard'],
    ['seller', '/seller/dashboard'],
  ])('When a %s is logged in, then Dashboard leads to %s and Logout is offered', (role, dashboard) => {
    act(() => useAuthStore.getState().login({ role, email: `${role}@example.com` }));
    renderHeader();
    expect(screen.getAllByRole('link', { name: 'Dashboard' })[0].getAttribute('href')).toBe(dashboard);
    expect(screen.getAllByRole('button', { name: 'Logout' }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: 'Dealer Login' })).toBeNull();
  });

  it('the narrow-screen menu opens with its button and closes with Escape, giving focus back', () => {
    renderHeader();
    const toggle = screen.getByRole('button', { name: /menu/i });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    fireEvent.keyDown(within(menu).getByRole('link', { name: 'About Us' }), { key: 'Escape' });

    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });

  it('When the narrow-screen menu is open and the person taps outside it, then it closes; a tap inside it does not', () => {
    render(
      <Router hook={memoryLocation({ path: '/' }).hook}>
        <Header />
        <main>
          <p>Page content</p>
        </main>
      </Router>,
    );
    const toggle = screen.getByRole('button', { name: /menu/i });
    fireEvent.click(toggle);
    const menu = screen.getByRole('navigation', { name: 'Main menu' });

    fireEvent.pointerDown(within(menu).getByRole('link', { name: 'About Us' }));
    expect(toggle.getAttribute('aria-expanded')).toBe('true');

    fireEvent.pointerDown(screen.getByText('Page content'));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(menu.closest('[hidden]')).not.toBeNull();
  });
});
