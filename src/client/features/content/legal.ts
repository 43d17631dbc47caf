// Terms and privacy were last updated on this date (spec section 9).
export const LEGAL_UPDATED = 'April 15, 2025';
