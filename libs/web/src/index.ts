export { api } from './api-client';
export { useAuthStore, dashboardPaths, type UserRole } from './auth-store';
export { storageKeys } from './storage-keys';
export { formatDate, formatRelativeTime, filledStars, formatRating } from './format';
export { useDocumentTitle } from './use-document-title';
