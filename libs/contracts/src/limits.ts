/** Business constants of spec section 9 and the server-side limits decided in docs/decisions.md. */
export const VIN_LENGTH = 17;
export const MAKE_DROPDOWN_LIMIT = 100;
export const DEALER_YEAR_FILTER_LIMIT = 10;
export const MIN_ZIP_LENGTH = 5;
export const MIN_PHONE_LENGTH = 10;
export const MIN_DEALERSHIP_NAME_LENGTH = 3;
export const MIN_ADDRESS_LENGTH = 3;
export const MIN_CITY_LENGTH = 2;
export const MIN_STATE_LENGTH = 2;
export const MIN_PASSWORD_LENGTH = 6;
export const OTP_LENGTH = 6;
export const MAX_PHOTOS = 10;
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
export const PHOTO_MAX_SIDE_PX = 600;
export const PHOTO_JPEG_QUALITY = 0.7;
export const VEHICLE_PAGE_SIZE_DEFAULT = 24;
export const VEHICLE_PAGE_SIZE_MAX = 100;
export const OFFER_MIN_DOLLARS = 100;
export const OFFER_MAX_DOLLARS = 10_000_000;
export const OFFER_MESSAGE_MAX = 500;
/** GET /api/vehicles/mine: at most this many cars per call (a dashboard page is 24). */
export const OWN_RECORDS_MAX_VEHICLES = 100;
export const MAX_TEXT_FIELD = 200;
export const MAX_DESCRIPTION = 5000;
export const MAX_NOTES = 5000;
