import { describe, expect, it } from 'vitest';
import { completeScale, parseScale } from './scale';

describe('SCALE', () => {
  it('When it names some members, then those run that many instances and every other member one', () => {
    const scale = parseScale('gateway=2, vehicle=3,notifier = 2');

    expect(scale).toEqual({ gateway: 2, auth: 1, dealer: 1, vehicle: 3, notifier: 2 });
  });

  it('When it is unset or empty, then every member runs once', () => {
    expect(parseScale(undefined)).toEqual({ gateway: 1, auth: 1, dealer: 1, vehicle: 1, notifier: 1 });
    expect(parseScale(' ')).toEqual({ gateway: 1, auth: 1, dealer: 1, vehicle: 1, notifier: 1 });
  });

  it('When it names something that is not a member, then the error names it and lists the members', () => {
    expect(() => parseScale('gateway=2,vehical=2')).toThrow('SCALE: "vehical" is not a member of the stack (members: gateway, auth, dealer, vehicle, notifier)');
  });

  it.each(['0', '9', '2.5', 'two', '-1', ''])('When a count is %j, then the error asks for a whole number from 1 to 8', (count) => {
    expect(() => parseScale(`vehicle=${count}`)).toThrow(`SCALE: vehicle=${count}: the number of instances must be a whole number from 1 to 8`);
  });

  it('When an entry has no count, then the error shows the form to use', () => {
    expect(() => parseScale('vehicle')).toThrow('SCALE: "vehicle" must read member=count, e.g. vehicle=3');
  });

  it('When a member is named twice, then it is refused rather than one count silently winning', () => {
    expect(() => parseScale('vehicle=2,vehicle=3')).toThrow('SCALE names vehicle twice');
  });

  it('When a program asks for a scale, then the same checks apply', () => {
    expect(completeScale({ auth: 2 })).toEqual({ gateway: 1, auth: 2, dealer: 1, vehicle: 1, notifier: 1 });
    expect(() => completeScale({ gateway: 0 })).toThrow('SCALE: gateway=0: the number of instances must be a whole number from 1 to 8');
    expect(() => completeScale({ mongo: 2 })).toThrow('SCALE: "mongo" is not a member of the stack');
  });
});
