import { MessageSquare } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { useUser } from '#client/lib/session.ts';
import { toast } from '#client/lib/toast-store.ts';

// Signed out goes to /auth, one's own listing is refused, otherwise the thread opens.
export function ContactHostButton({ hostId }: { hostId: number }) {
  const { user } = useUser();
  const navigate = useNavigate();
  return (
    <Button
      type="button"
      variant="outline"
      className="w-full"
      onClick={() => {
        if (!user) {
          toast({
            title: 'Authentication required',
            description: 'Please log in to contact the host.',
            variant: 'destructive',
          });
          navigate('/auth');
          return;
        }
        if (user.id === hostId) {
          toast({
            title: 'Action not allowed',
            description: 'You cannot message yourself.',
            variant: 'destructive',
          });
          return;
        }
        navigate(`/messages/${hostId}`);
      }}
    >
      <MessageSquare aria-hidden="true" /> Contact Host
    </Button>
  );
}
