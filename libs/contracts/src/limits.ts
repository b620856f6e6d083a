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
/** Photos of a deal's hand-over. */
export const MAX_PHOTOS = 10;
/** Photos of a listing (issue 36: four guided views, up to eight more, one per declared damage). */
export const MAX_LISTING_PHOTOS = 20;
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
export const PHOTO_MAX_SIDE_PX = 600;
export const PHOTO_JPEG_QUALITY = 0.7;
/**
 * A listing's photos after the first (issue 36): larger than the spec's 600 px so an odometer or a
 * scratch can be read, small enough that a full set uploads on a phone's link (docs/decisions.md).
 */
export const DETAIL_PHOTO_MAX_SIDE_PX = 1024;
export const DETAIL_PHOTO_JPEG_QUALITY = 0.75;
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
