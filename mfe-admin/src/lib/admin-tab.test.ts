import { describe, expect, it } from 'vitest';
import { forgetAdminTab, rememberAdminTab, storedAdminTab } from './admin-tab';

describe('the stored admin tab', () => {
  it('When the vehicle page asked for Vehicles, then it is read as Vehicles until forgotten, then Dealers again', () => {
    rememberAdminTab('vehicles');
    expect(localStorage.getItem('adminActiveTab')).toBe('vehicles');
    expect(storedAdminTab()).toBe('vehicles');

    forgetAdminTab();

    expect(storedAdminTab()).toBe('dealers');
  });

  it('When nothing or something unknown is stored, then Dealers is the tab', () => {
    expect(storedAdminTab()).toBe('dealers');
    localStorage.setItem('adminActiveTab', 'offers');
    expect(storedAdminTab()).toBe('dealers');
  });

  it('When Deals is stored, then it is read as Deals', () => {
    rememberAdminTab('deals');
    expect(storedAdminTab()).toBe('deals');
  });
});
