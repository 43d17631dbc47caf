import { Trans } from '@lingui/react/macro';
import { BadgeCheck, CircleDashed } from 'lucide-react';
import { Badge } from '#client/components/ui/badge.tsx';

// Beside a review's stars: whether the server found a stay of its writer at the listing (ADR 050).
// The spec's open form stays, so a review without a stay is public, and marked so.
export function StayMark({ fromStay }: { fromStay: boolean }) {
  return fromStay ? (
    <Badge className="gap-1 px-2 py-0.5 font-medium" data-testid="review-from-stay">
      <BadgeCheck aria-hidden="true" className="h-3.5 w-3.5" />
      <Trans>Verified stay</Trans>
    </Badge>
  ) : (
    <Badge
      className="gap-1 border border-border bg-transparent px-2 py-0.5 font-medium text-muted-foreground"
      data-testid="review-no-stay"
    >
      <CircleDashed aria-hidden="true" className="h-3.5 w-3.5" />
      <Trans>No verified stay</Trans>
    </Badge>
  );
}
