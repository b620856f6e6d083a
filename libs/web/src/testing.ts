// Test support for the front ends' tests and vitest setup files: never imported by production code.
export { stubApi, jsonAnswer, heldAnswer, vpic, type ApiStub, type StubRequest } from './testing/api-stub';
export { renderScreen, toastLines } from './testing/render-screen';
export { chooseOption, shownLabel, optionLabels } from './testing/select';
export { setupRemoteTests } from './testing/setup-remote-tests';
export { vehicleFixture, adminVehicleFixture, sellerVehicleFixture, offerFixture, dealerFixture, accessEntryFixture } from './testing/fixtures';
