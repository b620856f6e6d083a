import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { renderScreen } from '@cardirect/web/testing';
import { useWizardStore } from '../lib/wizard-store';
import { resizePhoto } from '@cardirect/web';
import { ContactStep } from './contact-step';

vi.mock('@cardirect/web', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@cardirect/web')>()),
  resizePhoto: vi.fn(async () => 'data:image/jpeg;base64,RESIZED'),
}));

beforeEach(() => {
  useWizardStore.getState().reset();
  useWizardStore.setState({ step: 3 });
});

/** Drops files on the photo area as a browser's drag and drop would. */
function dropFiles(files: File[]): void {
  const dropArea = screen.getByRole('group', { name: 'Photo drop area' });
  fireEvent.drop(dropArea, { dataTransfer: { files, items: files.map((file) => ({ kind: 'file', type: file.type, getAsFile: () => file })), types: ['Files'] } });
}

describe('step 3: contact and photo', () => {
  it('When name, e-mail and photo are missing, then each says so', async () => {
    renderScreen(<ContactStep />);
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Continue to Review' }));

    expect(await screen.findByText('Full name is required')).toBeTruthy();
    expect(screen.getByText('Invalid email address')).toBeTruthy();
    expect(screen.getByText('At least one photo is required')).toBeTruthy();
  });

  it('When the photo area is shown, then it names the accepted files and the advertised size', () => {
    renderScreen(<ContactStep />);
    expect(screen.getByText('JPG, PNG or GIF (max. 5MB)')).toBeTruthy();
  });

  it('When a PDF is dropped, then a sentence says which photos are taken, no photo is kept and another can be browsed for', async () => {
    renderScreen(<ContactStep />);
    dropFiles([new File(['%PDF'], 'car.pdf', { type: 'application/pdf' })]);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('That file is not a photo we can use: choose a JPG, PNG or GIF.');
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByRole('button', { name: 'Browse for a photo' })).toBeTruthy();
  });

  it('When two photos are dropped, then only one is taken and a sentence says so', async () => {
    renderScreen(<ContactStep />);
    dropFiles([new File(['a'], 'a.jpg', { type: 'image/jpeg' }), new File(['b'], 'b.jpg', { type: 'image/jpeg' })]);
    expect((await screen.findByRole('alert')).textContent).toBe('Choose one photo: your listing takes a single photo.');
  });

  it('When a photo cannot be opened, then the seller is told it may be damaged, and a good photo afterwards clears the message', async () => {
    vi.mocked(resizePhoto).mockRejectedValueOnce(new Error('Failed to load image'));
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    onTestFinished(() => consoleError.mockRestore());
    renderScreen(<ContactStep />);

    dropFiles([new File(['not really a jpeg'], 'broken.jpg', { type: 'image/jpeg' })]);

    expect((await screen.findByRole('alert')).textContent).toBe('We could not open that photo: the file may be damaged. Choose another JPG, PNG or GIF.');
    expect(screen.queryByRole('img')).toBeNull();
    dropFiles([new File(['jpeg'], 'car.jpg', { type: 'image/jpeg' })]);
    await screen.findByRole('img', { name: 'Your vehicle photo' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('When a photo is dropped, then its resized version is previewed, can be removed, and completes the step with the contact', async () => {
    renderScreen(<ContactStep />);
    dropFiles([new File(['jpeg'], 'car.jpg', { type: 'image/jpeg' })]);
    const preview = await screen.findByRole('img', { name: 'Your vehicle photo' });
    expect(preview.getAttribute('src')).toBe('data:image/jpeg;base64,RESIZED');
    expect(screen.getByRole('button', { name: 'Replace photo' })).toBeTruthy();

    await userEvent.type(screen.getByLabelText('Full Name'), 'Pat Lee');
    await userEvent.type(screen.getByLabelText('Email'), 'pat@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Continue to Review' }));

    await waitFor(() => expect(useWizardStore.getState().step).toBe(4));
    expect(useWizardStore.getState().draft).toMatchObject({ fullName: 'Pat Lee', contactEmail: 'pat@example.com', photoUrl: 'data:image/jpeg;base64,RESIZED' });
  });
});
