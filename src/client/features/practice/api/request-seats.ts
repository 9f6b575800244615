import { answer, api } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import type { SeatRequest } from '@shared/schemas/practice';
import { useMutation } from '@tanstack/react-query';

/** POST /api/practice/seat-request: 'Need more seats?', to the admins (owner and admins of a practice). */
const requestSeats = (request: SeatRequest) =>
  answer(api.POST('/api/practice/seat-request', { body: { ...request, seats: Number(request.seats) } }));

export function useRequestSeats({ onDone }: { onDone: () => void }) {
  return useMutation({
    mutationFn: requestSeats,
    onSuccess: ({ message }) => {
      toast({ title: 'Request sent', description: message });
      onDone();
    },
  });
}
