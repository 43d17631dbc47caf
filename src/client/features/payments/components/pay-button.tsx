import { Bitcoin } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Input, Label } from '#client/components/ui/input.tsx';
import { useUser } from '#client/lib/session.ts';
import { centsToDecimal, monthlyPriceToCents } from '#shared/money.ts';
import { useCreatePayment } from '../api/payments.ts';

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

// 'Pay with Crypto ($X.XX + 6% fee)' for signed-in non-owners on rentals with a price.
export function PayButton({
  listing,
}: {
  listing: { id: number; type: string; price: number | null; userId: number };
}) {
  const { user } = useUser();
  const create = useCreatePayment();
  const [start, setStart] = useState('');
  const dateId = useId();
  // Between a successful create and the page unloading the button keeps saying Processing...
  const busy = create.isPending || (create.isSuccess && !!create.data?.hostedUrl);

  if (
    !user ||
    user.id === listing.userId ||
    listing.type !== 'rental' ||
    listing.price === null ||
    listing.price <= 0
  )
    return null;
  const amount = monthlyPriceToCents(listing.price);

  return (
    <div className="space-y-3">
      <div className="space-y-1.5">
        <Label htmlFor={dateId}>Rental start date (optional)</Label>
        <Input
          id={dateId}
          type="date"
          min={today()}
          value={start}
          onChange={(e) => setStart(e.target.value)}
          aria-describedby={`${dateId}-hint`}
        />
        <p id={`${dateId}-hint`} className="text-xs text-muted-foreground">
          Your payment is held until 24 hours after the rental starts.
        </p>
      </div>
      <Button
        className="h-auto min-h-12 w-full whitespace-normal px-3 py-2 text-center text-sm sm:text-base"
        size="lg"
        disabled={busy}
        onClick={() =>
          create.mutate({ listingId: listing.id, amount, ...(start ? { rentalStart: start } : {}) })
        }
      >
        <Bitcoin aria-hidden="true" />
        {busy ? 'Processing...' : `Pay with Crypto ($${centsToDecimal(amount)} + 6% fee)`}
      </Button>
    </div>
  );
}
