import { createContext, useContext } from 'react';

// The site's origin for absolute URLs (share links, structured data). In the browser it is the
// page's own; when the server pre-renders a page it provides the request's public origin.
export const OriginContext = createContext<string>(
  typeof window === 'undefined' ? '' : window.location.origin,
);

export const useOrigin = () => useContext(OriginContext);
