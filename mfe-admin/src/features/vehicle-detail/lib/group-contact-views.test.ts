import { describe, expect, it } from 'vitest';
import { accessEntryFixture } from '@cardirect/web/testing';
import { groupContactViews } from './group-contact-views';

describe('groupContactViews', () => {
  it('When one person saw the details several times, then they are one line with the count, the last and the first time, most recent viewer first', () => {
    const log = [
      accessEntryFixture({ viewerId: 'admin-1', at: '2024-01-07T10:00:00.000Z' }),
      accessEntryFixture({ viewerId: 'dealer-9', viewerRole: 'dealer', viewerEmail: 'sales@lonestar.example', at: '2024-01-06T12:00:00.000Z' }),
      accessEntryFixture({ viewerId: 'admin-1', at: '2024-01-05T09:00:00.000Z' }),
    ];

    expect(groupContactViews(log)).toEqual([
      { viewerId: 'admin-1', viewerRole: 'admin', viewerEmail: 'admin@cardirect.local', views: 2, lastAt: '2024-01-07T10:00:00.000Z', firstAt: '2024-01-05T09:00:00.000Z' },
      { viewerId: 'dealer-9', viewerRole: 'dealer', viewerEmail: 'sales@lonestar.example', views: 1, lastAt: '2024-01-06T12:00:00.000Z', firstAt: '2024-01-06T12:00:00.000Z' },
    ]);
  });

  it('When nobody saw them, then there is nobody to list', () => {
    expect(groupContactViews([])).toEqual([]);
  });
});
