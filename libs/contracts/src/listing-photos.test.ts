import { describe, expect, it } from 'vitest';
import { GUIDED_PHOTO_VIEWS, guidedPhotoProblems, photoRoleSchema, type PhotoRole } from './listing-photos';

const fourViews: PhotoRole[] = GUIDED_PHOTO_VIEWS.map((view) => ({ role: 'view', view }));

describe('guidedPhotoProblems', () => {
  it('When the four views, two extra photos and one photo of the one declared damage are there, then nothing is missing', () => {
    // Act
    const problems = guidedPhotoProblems([...fourViews, { role: 'extra' }, { role: 'extra' }, { role: 'damage', damageIndex: 0 }], 1);

    // Assert
    expect(problems).toEqual([]);
  });

  it('When a view is missing, another is there twice and a declared damage has no photo, then each is named', () => {
    // Arrange
    const roles: PhotoRole[] = [fourViews[0]!, fourViews[0]!, fourViews[1]!, fourViews[2]!];

    // Act
    const problems = guidedPhotoProblems(roles, 1);

    // Assert
    expect(problems).toEqual(['Keep one front three-quarter photo', 'Add the odometer photo', 'Add a photo of damage 1']);
  });

  it('When there are nine extra photos or a photo of an undeclared damage, then both are refused', () => {
    // Arrange
    const roles: PhotoRole[] = [...fourViews, ...Array.from({ length: 9 }, () => ({ role: 'extra' as const })), { role: 'damage', damageIndex: 2 }];

    // Act
    const problems = guidedPhotoProblems(roles, 0);

    // Assert
    expect(problems).toEqual(['Add at most 8 more photos', 'A damage photo names a damage that is not declared']);
  });
});

describe('photoRoleSchema', () => {
  it('When a role is not one of view, extra or damage, then it is refused with one message', () => {
    // Act
    const parsed = photoRoleSchema.safeParse({ role: 'selfie' });

    // Assert
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual(['Each photo role is a view, an extra photo or a damage']);
  });
});
