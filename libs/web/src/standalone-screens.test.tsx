import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StandaloneScreens, type StandaloneScreen } from './standalone-screens';

const screens: StandaloneScreen[] = [
  { title: 'Dealer Login', path: '/dealer/login', component: () => <h1>Login screen</h1> },
  { title: 'Vehicle Detail', path: '/vehicles/:id', href: '/vehicles/1', component: () => <h1>Detail screen</h1> },
];

afterEach(() => {
  cleanup();
  window.history.pushState(null, '', '/');
});

describe('StandaloneScreens', () => {
  it('When a screen path is opened, then that screen shows under a link to every screen', () => {
    window.history.pushState(null, '', '/vehicles/7');

    render(<StandaloneScreens label="Dealer screens" screens={screens} />);

    expect(screen.getByRole('heading', { name: 'Detail screen' })).toBeDefined();
    const links = screen.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Dealer Login', '/dealer/login'],
      ['Vehicle Detail', '/vehicles/1'],
    ]);
  });

  it('When no screen matches, then it asks to pick one', () => {
    window.history.pushState(null, '', '/elsewhere');

    render(<StandaloneScreens label="Dealer screens" screens={screens} />);

    expect(screen.getByText('Pick a screen above.')).toBeDefined();
    expect(screen.queryByRole('heading')).toBeNull();
  });
});
