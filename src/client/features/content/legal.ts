// Terms and privacy were last updated on this date.
export const LEGAL_UPDATED = 'April 15, 2025';
