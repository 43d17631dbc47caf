// The listing writes and the image upload: screens that edit listings load them, the first
// visit's listing cards do not (docs/decisions/028).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest, checkResponse, readJson } from '#client/lib/api.ts';
import type { CreateListingInput, UpdateListingInput } from '#shared/listings.ts';
import { myListingsQuery } from './listings.ts';

function useInvalidateListings() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: ['/api/listings'] }),
      qc.invalidateQueries({ queryKey: myListingsQuery.queryKey }),
    ]);
}

export function useCreateListing() {
  const invalidate = useInvalidateListings();
  return useMutation({
    mutationFn: async (input: CreateListingInput) =>
      readJson(await apiRequest('POST', '/api/listings', input), 'listing'),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateListing(id: number) {
  const invalidate = useInvalidateListings();
  return useMutation({
    mutationFn: async (input: UpdateListingInput) =>
      readJson(await apiRequest('PATCH', `/api/listings/${id}`, input), 'listing'),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteListing() {
  const invalidate = useInvalidateListings();
  return useMutation({
    mutationFn: async (id: number) => (await apiRequest('DELETE', `/api/listings/${id}`)).json(),
    onSuccess: () => invalidate(),
  });
}

// XMLHttpRequest, because fetch cannot report upload progress.
export function uploadImages(files: File[], onProgress: (fraction: number) => void): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const f of files) form.append('images', f);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/upload?for=listing');
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300)
        checkResponse('uploadedImages', JSON.parse(xhr.responseText), 'POST /api/upload').then(
          resolve,
          reject,
        );
      else reject(new ApiError(xhr.status, xhr.responseText, xhr.statusText));
    };
    xhr.onerror = () => reject(new Error('Network error'));
    xhr.send(form);
  });
}
