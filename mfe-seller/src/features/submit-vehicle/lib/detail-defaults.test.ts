import { describe, expect, it } from 'vitest';
import { normaliseDriveType, normaliseFuelType, normaliseTransmission } from './detail-defaults';

describe('step 2 default normalisation', () => {
  it.each([
    ['Automatic', 'automatic'],
    ['automatic', 'automatic'],
    ['Auto', 'automatic'],
    ['Manual/Standard', 'manual'],
    ['manual', 'manual'],
    ['Automated Manual Transmission (AMT)', 'automated_manual'],
    ['automated_manual', 'automated_manual'],
    ['Continuously Variable Transmission (CVT)', 'cvt'],
    ['cvt', 'cvt'],
    ['', ''],
    [undefined, ''],
    ['Dual-Clutch', ''],
  ])('transmission %j becomes %j', (text, value) => {
    expect(normaliseTransmission(text)).toBe(value);
  });

  it.each([
    ['FWD/Front-Wheel Drive', 'fwd'],
    ['Front', 'fwd'],
    ['fwd', 'fwd'],
    ['RWD/ Rear-Wheel Drive', 'rwd'],
    ['rear', 'rwd'],
    ['AWD/All-Wheel Drive', 'awd'],
    ['All', 'awd'],
    ['4WD/4-Wheel Drive/4x4', '4wd'],
    ['Four wheel', '4wd'],
    ['4wd', '4wd'],
    ['4x2', ''],
    ['', ''],
  ])('drive type %j becomes %j', (text, value) => {
    expect(normaliseDriveType(text)).toBe(value);
  });

  it.each([
    ['Gasoline', 'gasoline'],
    ['gas', 'gasoline'],
    ['Diesel', 'diesel'],
    ['Hybrid', 'hybrid'],
    ['Gasoline Hybrid', 'hybrid'],
    ['Electric', 'electric'],
    ['Flexible Fuel Vehicle (FFV)', 'other'],
    ['Compressed Natural Gas (CNG)', 'other'],
    ['Liquefied Petroleum Gas (propane or LPG)', 'other'],
    ['Hydrogen', 'other'],
    ['other', 'other'],
    ['', ''],
  ])('fuel type %j becomes %j', (text, value) => {
    expect(normaliseFuelType(text)).toBe(value);
  });
});
