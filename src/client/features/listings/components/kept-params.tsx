// The address's other parameters as hidden fields, so a form sent before the script runs (or
// without one) keeps them, as the page's own update does (ADR 051).
export function KeptParams({ params, owned }: { params: URLSearchParams; owned: readonly string[] }) {
  return [...params.entries()]
    .filter(([k, v]) => v && !owned.includes(k))
    .map(([k, v]) => <input key={`${k}=${v}`} type="hidden" name={k} value={v} />);
}
