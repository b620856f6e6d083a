import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, toastLines, vehicleFixture } from '@cardirect/web/testing';
import { VehicleActionsCard } from './vehicle-actions-card';

function renderCard(props: Partial<Parameters<typeof VehicleActionsCard>[0]> = {}) {
  renderScreen(<VehicleActionsCard vehicle={vehicleFixture({ notes: 'Called once' })} {...props} />);
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('VehicleActionsCard', () => {
  it('When the dealer changes the notes and a flag and saves, then all four fields go in one PATCH and "Success" is shown', async () => {
    const fetchMock = vi.fn().mockResolvedValue(new Response(JSON.stringify(vehicleFixture({ notes: 'Called twice', contacted: true })), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    renderCard();

    const notes = screen.getByLabelText('Notes');
    expect(notes.getAttribute('rows')).toBe('4');
    await userEvent.clear(notes);
    await userEvent.type(notes, 'Called twice');
    await userEvent.click(screen.getByLabelText('Seller Contacted'));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(toastLines()).toEqual(['Success / Vehicle details updated successfully']));
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/vehicles/car-1');
    expect(init.method).toBe('PATCH');
    expect(JSON.parse(init.body)).toEqual({ status: 'new', notes: 'Called twice', contacted: true, offerMade: false });
  });

  it('When the admin saves, then the saved street address is sent along (the full form sends all five)', async () => {
    const fetchMock = vi.fn().mockResolvedValue(new Response(JSON.stringify(vehicleFixture()), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    renderCard({ alsoSend: { streetAddress: '1 Main St' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(JSON.parse(fetchMock.mock.calls[0][1].body)).toEqual({ streetAddress: '1 Main St', status: 'new', notes: 'Called once', contacted: false, offerMade: false });
  });

  it('When saving fails, then "Error" shows the server message, or its own words without one', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('{"message":"Vehicle not found"}', { status: 404 })));
    renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(toastLines({ withVariant: true })).toEqual(['Error / Vehicle not found [destructive]']));

    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('', { status: 500, statusText: 'Internal Server Error' })));
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(toastLines()).toEqual(['Error / Failed to update vehicle details']));
  });
});
