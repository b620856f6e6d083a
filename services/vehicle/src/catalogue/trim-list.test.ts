import { describe, expect, it } from 'vitest';
import { trimsOfModel } from './trim-list';

const accord = { makeId: 474, modelName: 'Accord' };

describe('trimsOfModel', () => {
  it('When trim keys cannot describe a VIN of the model key, then those trims are left out', () => {
    const trims = trimsOfModel(accord, [
      { modelKeys: 'CV1F[134569]', trimKeys: 'CV1F1', trimName: 'LX' },
      { modelKeys: 'CV1F[134569]', trimKeys: 'CV3F9', trimName: 'Hybrid Touring' },
    ]);

    expect(trims.map((trim) => trim.trimName)).toEqual(['LX']);
  });

  it('When the data spells one trim several ways, then it is listed once, in its most common spelling', () => {
    const trims = trimsOfModel(accord, [
      { modelKeys: 'CV1F*', trimKeys: 'CV1F9', trimName: 'TOURING' },
      { modelKeys: 'CV2F*', trimKeys: 'CV2F9', trimName: 'Touring ' },
      { modelKeys: 'CV3F*', trimKeys: 'CV3F9', trimName: 'Touring' },
      { modelKeys: 'CV3F*', trimKeys: 'CV3F1', trimName: '  ' },
    ]);

    expect(trims.map((trim) => trim.trimName)).toEqual(['Touring']);
  });

  it('When the same trim is listed twice, however spelled or cased, then its Trim_ID is the same', () => {
    const [first] = trimsOfModel(accord, [{ modelKeys: 'CV1F*', trimKeys: 'CV1F1', trimName: 'EX-L' }]);
    const [second] = trimsOfModel({ makeId: 474, modelName: 'accord' }, [{ modelKeys: 'CM82*', trimKeys: 'CM826', trimName: 'ex-l' }]);
    const [otherModel] = trimsOfModel({ makeId: 474, modelName: 'Civic' }, [{ modelKeys: 'FC1F*', trimKeys: 'FC1F1', trimName: 'EX-L' }]);

    expect(second.trimId).toBe(first.trimId);
    expect(otherModel.trimId).not.toBe(first.trimId);
  });
});
