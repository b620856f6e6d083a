/** How long typing in the dashboard's search box must pause before a tab that searches on the server asks it. */
export const SEARCH_DEBOUNCE_MS = 300;
