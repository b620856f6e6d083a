import { cleanup, render } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Field, Select } from '@cardirect/ui';
import { chooseOption, optionLabels, shownLabel } from './select';

afterEach(cleanup);

const makes = [
  { value: 'ford', label: 'Ford' },
  { value: 'kia', label: 'Kia' },
];

function MakePicker() {
  const [make, setMake] = useState('');
  return <Field label="Make">{(control) => <Select {...control} placeholder="Select Make" options={makes} value={make} onValueChange={setMake} />}</Field>;
}

describe('the dropdown steps', () => {
  it('When nothing is chosen, then the placeholder shows and is not offered; choosing by label shows that label', async () => {
    render(<MakePicker />);
    expect(shownLabel('Make')).toBe('Select Make');
    expect(optionLabels('Make')).toEqual(['Ford', 'Kia']);

    await chooseOption('Make', 'Kia');

    expect(shownLabel('Make')).toBe('Kia');
  });

  it('When the label is not offered, then choosing it fails and names the dropdown', async () => {
    render(<MakePicker />);
    await expect(chooseOption('Make', 'Tesla')).rejects.toThrow('Make has no option Tesla');
  });
});
