import { describe, expect, it } from 'vitest';
import { firstScreenCardsIn } from './card-window';

describe('the cards a window holds when the dashboard opens', () => {
  it.each([
    { window: 'a phone (375 x 667)', innerWidth: 375, innerHeight: 667, cards: 2 },
    { window: 'a tablet upright (768 x 1024)', innerWidth: 768, innerHeight: 1024, cards: 6 },
    { window: 'a laptop (1280 x 800)', innerWidth: 1280, innerHeight: 800, cards: 6 },
    { window: 'a screen turned upright (1080 x 1920)', innerWidth: 1080, innerHeight: 1920, cards: 15 },
    { window: 'a very low one (1280 x 200)', innerWidth: 1280, innerHeight: 200, cards: 3 },
  ])('When the window is $window, then $cards cards have their photos fetched at once', ({ innerWidth, innerHeight, cards }) => {
    expect(firstScreenCardsIn({ innerWidth, innerHeight })).toBe(cards);
  });
});
