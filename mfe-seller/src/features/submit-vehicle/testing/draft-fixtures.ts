import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GUIDED_PHOTO_VIEWS, type ConditionReport } from '@cardirect/contracts';
import type { DraftPhoto } from '../lib/draft-photos';

/** A questionnaire as a seller of a car with one small scratch on the hood answers it. */
export const answeredReport: ConditionReport = {
  accidentHistory: 'none',
  warningLights: [],
  tires: 'good',
  panelDamage: [{ panel: 'hood', kind: 'scratch', size: 'small' }],
  windshield: 'clear',
  keys: 'two-or-more',
  serviceHistory: 'full',
  smokedIn: false,
};

/** The four guided views, as photos of the draft; the front three-quarter first ('data:…,FRONT'). */
export function guidedViewPhotos(): DraftPhoto[] {
  return GUIDED_PHOTO_VIEWS.map((view) => ({ id: view, role: { role: 'view', view }, dataUrl: `data:image/jpeg;base64,${view.toUpperCase().replace(/-/g, '')}` }));
}

/** The views and a photo of the declared damage 1. */
export function completePhotos(): DraftPhoto[] {
  return [...guidedViewPhotos(), { id: 'damage-1', role: { role: 'damage', damageIndex: 0 }, dataUrl: 'data:image/jpeg;base64,DAMAGE' }];
}

/** Answers every question of step 2's questionnaire as `answeredReport` does, by label as a seller would. */
export async function answerQuestionnaire(): Promise<void> {
  const group = (question: string) => within(screen.getByRole('group', { name: question }));
  await userEvent.click(group('Has the car been in an accident?').getByLabelText('No accidents'));
  await userEvent.click(group('Tires').getByLabelText('Good tread'));
  await userEvent.click(group('Windshield').getByLabelText('No chips or cracks'));
  await userEvent.click(group('Keys').getByLabelText('Two or more keys'));
  await userEvent.click(group('Service history').getByLabelText('Full service records'));
  await userEvent.click(group('Has anyone smoked in the car?').getByLabelText('No'));
}
