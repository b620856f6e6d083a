// The seller's wizard as a person fills it in the browser: the condition questionnaire (step 2),
// the guided photos (step 3), and a draft left from an earlier visit.
import type { Page } from 'playwright-core';
import { tabTo } from './story-keyboard';

export const GUIDED_VIEWS = ['Front three-quarter', 'Rear three-quarter', 'Interior, front', 'Odometer'] as const;

/** The answers of a car in good order: no accident, no light, good tires, nothing else to declare. */
const plainAnswers: ReadonlyArray<readonly [question: string, answer: string]> = [
  ['Has the car been in an accident?', 'No accidents'],
  ['Tires', 'Good tread'],
  ['Windshield', 'No chips or cracks'],
  ['Keys', 'Two or more keys'],
  ['Service history', 'Full service records'],
  ['Has anyone smoked in the car?', 'No'],
];

/** Answers every question of the questionnaire, by clicking or (keyboard) with Tab, Space and the arrows. */
export async function answerConditionQuestions(page: Page, { keyboard = false } = {}): Promise<void> {
  for (const [question, answer] of plainAnswers) {
    const group = page.getByRole('group', { name: question, exact: true });
    const target = group.getByRole('radio', { name: answer, exact: true });
    if (!keyboard) {
      await target.check();
      continue;
    }
    // An unanswered radio group takes the focus on its first answer; Space picks it, arrows move on.
    await tabTo(page, group.getByRole('radio').first());
    await page.keyboard.press('Space');
    for (let moves = 0; moves < 8 && !(await target.isChecked()); moves++) await page.keyboard.press('ArrowDown');
  }
}

/** Adds one photo to a place of step 3 ("Odometer", "Damage 1"), by its Browse button or (keyboard) Tab and Enter. */
export async function addPhotoTo(page: Page, place: string, photo: Buffer, { keyboard = false } = {}): Promise<void> {
  const file = { name: `${place}.jpg`, mimeType: 'image/jpeg', buffer: photo };
  const browse = page.getByRole('button', { name: `Browse for a photo: ${place.toLowerCase()}`, exact: true });
  const chooser = page.waitForEvent('filechooser');
  if (keyboard) {
    await tabTo(page, browse);
    await page.keyboard.press('Enter');
  } else {
    await browse.click();
  }
  await (await chooser).setFiles(file);
  await page.getByRole('img', { name: `Your photo: ${place.toLowerCase()}`, exact: true }).waitFor();
}

/** The four guided views, each with the same photo. */
export async function addGuidedViewPhotos(page: Page, photo: Buffer, options: { keyboard?: boolean } = {}): Promise<void> {
  for (const view of GUIDED_VIEWS) await addPhotoTo(page, view, photo, options);
}

/**
 * Puts a draft where the wizard keeps it (IndexedDB, through idb-keyval's default store) and
 * reloads, as a seller coming back to an unfinished listing finds it. The page must be on the site.
 */
export async function openWizardWithDraft(page: Page, step: number, draft: Record<string, unknown>): Promise<void> {
  await page.evaluate(
    ({ step, draft }) =>
      new Promise<void>((resolve, reject) => {
        const opening = indexedDB.open('keyval-store');
        opening.onupgradeneeded = () => opening.result.createObjectStore('keyval');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const transaction = opening.result.transaction('keyval', 'readwrite');
          transaction.objectStore('keyval').put({ value: { state: { step, draft, decoded: { noTrimData: false } }, version: 0 }, savedAt: Date.now() }, 'cardirect-vehicle-draft');
          transaction.oncomplete = () => {
            opening.result.close();
            resolve();
          };
          transaction.onerror = () => reject(transaction.error);
        };
      }),
    { step, draft },
  );
  await page.reload();
}

/** A draft's answers to the questionnaire, as step 2 stores them: a car in good order. */
export const plainConditionReport = {
  accidentHistory: 'none',
  warningLights: [],
  tires: 'good',
  panelDamage: [],
  windshield: 'clear',
  keys: 'two-or-more',
  serviceHistory: 'full',
  smokedIn: false,
};

/** A draft's four view photos, each the same data URL. */
export function draftViewPhotos(dataUrl: string): Array<Record<string, unknown>> {
  return ['front-three-quarter', 'rear-three-quarter', 'interior-front', 'odometer'].map((view) => ({ id: view, role: { role: 'view', view }, dataUrl }));
}
