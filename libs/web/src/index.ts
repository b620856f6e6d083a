export { api, withQuery, type Page } from './api-client';
export { ApiError, isApiError, fieldErrorsOf, errorMessageOf } from './api-error';
export { showServerFieldErrors } from './server-field-errors';
export { useAuthStore, dashboardPaths, type UserRole } from './auth-store';
export { paths, vehiclePath } from './paths';
export { queryKeys } from './query-keys';
export { storageKeys } from './storage-keys';
export { formatDate, formatRelativeTime, filledStars, formatRating, formatDollars, formatMileage, formatTimeLeft } from './format';
export { useDocumentTitle } from './use-document-title';
