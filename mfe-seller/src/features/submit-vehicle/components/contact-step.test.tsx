import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { renderScreen } from '@cardirect/web/testing';
import { resizePhoto } from '@cardirect/web';
import { useWizardStore } from '../lib/wizard-store';
import { answeredReport } from '../testing/draft-fixtures';
import { ContactStep } from './contact-step';

vi.mock('@cardirect/web', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@cardirect/web')>()),
  resizePhoto: vi.fn(async (file: File) => `data:image/jpeg;base64,${file.name}`),
}));

beforeEach(() => {
  useWizardStore.getState().reset();
  // Step 2 declared one damage: a small scratch on the hood.
  useWizardStore.setState({ step: 3, draft: { conditionReport: answeredReport } });
  vi.mocked(resizePhoto).mockClear();
});

const jpeg = (name: string) => new File(['jpeg'], name, { type: 'image/jpeg' });

/** Drops files on a drop area as a browser's drag and drop would. */
function dropFiles(areaName: string, files: File[]): void {
  const dropArea = screen.getByRole('group', { name: areaName });
  fireEvent.drop(dropArea, { dataTransfer: { files, items: files.map((file) => ({ kind: 'file', type: file.type, getAsFile: () => file })), types: ['Files'] } });
}

async function addViewPhotos(): Promise<void> {
  for (const view of ['Front three-quarter', 'Rear three-quarter', 'Interior, front', 'Odometer']) {
    dropFiles(`${view} photo drop area`, [jpeg(`${view}.jpg`)]);
    await screen.findByRole('img', { name: `Your photo: ${view.toLowerCase()}` });
  }
}

describe('step 3: contact and guided photos', () => {
  it('When name, e-mail and photos are missing, then each says so', async () => {
    renderScreen(<ContactStep />);
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Continue to Review' }));

    expect(await screen.findByText('Full name is required')).toBeTruthy();
    expect(screen.getByText('Invalid email address')).toBeTruthy();
    expect(screen.getByText('At least one photo is required')).toBeTruthy();
  });

  it('When only the front photo is there, then the step names each photo still missing, the fault photo included', async () => {
    renderScreen(<ContactStep />);
    dropFiles('Front three-quarter photo drop area', [jpeg('front.jpg')]);
    await screen.findByRole('img', { name: 'Your photo: front three-quarter' });

    await userEvent.click(screen.getByRole('button', { name: 'Continue to Review' }));

    expect(await screen.findByText('Add the rear three-quarter photo. Add the interior, front photo. Add the odometer photo. Add a photo of damage 1.')).toBeTruthy();
    expect(useWizardStore.getState().step).toBe(3);
  });

  it('When the photo places are shown, then each names its view, what to show and the accepted files, and the fault is described', () => {
    renderScreen(<ContactStep />);
    expect(screen.getAllByText('JPG, PNG or GIF (max. 5MB)')).toHaveLength(5);
    expect(screen.getByRole('button', { name: 'Browse for a photo: odometer' })).toBeTruthy();
    expect(screen.getByText('The instrument panel with the engine on, the mileage readable.')).toBeTruthy();
    expect(screen.getByText('Scratch, small (under 1 inch), on the hood. Close enough to see it, with the panel around it.')).toBeTruthy();
  });

  it('When a PDF is dropped, then a sentence says which photos are taken, no photo is kept and another can be browsed for', async () => {
    renderScreen(<ContactStep />);
    dropFiles('Odometer photo drop area', [new File(['%PDF'], 'car.pdf', { type: 'application/pdf' })]);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('That file is not a photo we can use: choose a JPG, PNG or GIF.');
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByRole('button', { name: 'Browse for a photo: odometer' })).toBeTruthy();
  });

  it('When two photos are dropped on one view, then neither is taken and the seller is sent to "More photos"', async () => {
    renderScreen(<ContactStep />);
    dropFiles('Front three-quarter photo drop area', [jpeg('a.jpg'), jpeg('b.jpg')]);
    expect((await screen.findByRole('alert')).textContent).toBe('Choose one photo for this place: add more under "More photos".');
  });

  it('When a photo cannot be opened, then the seller is told it may be damaged and can try it again', async () => {
    vi.mocked(resizePhoto).mockRejectedValueOnce(new Error('Failed to load image'));
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    onTestFinished(() => consoleError.mockRestore());
    renderScreen(<ContactStep />);

    dropFiles('Front three-quarter photo drop area', [jpeg('front.jpg')]);

    expect((await screen.findByRole('alert')).textContent).toContain('We could not open that photo: the file may be damaged. Choose another JPG, PNG or GIF.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByRole('img', { name: 'Your photo: front three-quarter' })).getAttribute('src')).toBe('data:image/jpeg;base64,front.jpg');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('When the photos are added, then the card photo is sized as the spec says, the others larger, and each is kept in the draft at once', async () => {
    renderScreen(<ContactStep />);
    await addViewPhotos();

    expect(vi.mocked(resizePhoto).mock.calls.map(([, encoding]) => encoding)).toEqual([
      { maxSide: 600, quality: 0.7 },
      { maxSide: 1024, quality: 0.75 },
      { maxSide: 1024, quality: 0.75 },
      { maxSide: 1024, quality: 0.75 },
    ]);
    expect(useWizardStore.getState().draft.photos?.map((photo) => photo.role)).toEqual([
      { role: 'view', view: 'front-three-quarter' },
      { role: 'view', view: 'rear-three-quarter' },
      { role: 'view', view: 'interior-front' },
      { role: 'view', view: 'odometer' },
    ]);
  });

  it('When more photos are added, then they can be moved and removed, and the step completes with every photo and the contact', async () => {
    renderScreen(<ContactStep />);
    await addViewPhotos();
    dropFiles('Damage 1 photo drop area', [jpeg('scratch.jpg')]);
    await screen.findByRole('img', { name: 'Your photo: damage 1' });
    dropFiles('More photos drop area', [jpeg('wheels.jpg'), jpeg('engine.jpg')]);
    await screen.findByRole('img', { name: 'More photo 2' });

    await userEvent.click(screen.getByRole('button', { name: 'Move more photo 1 later' }));
    expect(screen.getByRole('img', { name: 'More photo 1' }).getAttribute('src')).toBe('data:image/jpeg;base64,engine.jpg');
    dropFiles('More photos drop area', [jpeg('seats.jpg')]);
    await screen.findByRole('img', { name: 'More photo 3' });
    await userEvent.click(screen.getByRole('button', { name: 'Remove more photo 3' }));
    expect(within(screen.getByRole('region', { name: 'More photos (optional)' })).getByText(/2 of 8 added/)).toBeTruthy();

    await userEvent.type(screen.getByLabelText('Full Name'), 'Pat Lee');
    await userEvent.type(screen.getByLabelText('Email'), 'pat@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Continue to Review' }));

    await waitFor(() => expect(useWizardStore.getState().step).toBe(4));
    const { draft } = useWizardStore.getState();
    expect(draft).toMatchObject({ fullName: 'Pat Lee', contactEmail: 'pat@example.com' });
    expect(draft.photos?.map((photo) => photo.dataUrl.replace('data:image/jpeg;base64,', ''))).toEqual([
      'Front three-quarter.jpg',
      'Rear three-quarter.jpg',
      'Interior, front.jpg',
      'Odometer.jpg',
      'scratch.jpg',
      'engine.jpg',
      'wheels.jpg',
    ]);
  });
});
