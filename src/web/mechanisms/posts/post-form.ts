/**
 * Saving a post form (spec sections 4, 5, 8): the values are checked with the kind's shared
 * create schema (lib/use-form-errors.ts) before anything is sent; a save says 'Post saved' and
 * closes the form (the list refetches); a refusal shows the server's message on its field, any
 * other failure MSG.uploadFailed.
 */
import type { UseMutationResult } from '@tanstack/react-query';
import type { z } from 'zod';
import { MSG } from '../../../shared/messages';
import { notifySuccess } from '../../lib/notify';
import { useFormErrors } from '../../lib/use-form-errors';

/** What a post form needs of its kind's api (createPostApi). */
interface PostCreateApi<TCreate> {
  useCreatePost: () => UseMutationResult<unknown, Error, TCreate>;
}

/** The form's field errors, whether a save runs, and `save(values)`. */
export function usePostForm<TCreate>(posts: PostCreateApi<TCreate>, schema: z.ZodType<TCreate>, onClose: () => void) {
  const errors = useFormErrors(schema);
  const create = posts.useCreatePost();

  const save = (values: unknown) => {
    const body = errors.check(values);
    if (!body) return;
    create.mutate(body, {
      onSuccess: () => {
        notifySuccess(MSG.postSaved);
        onClose();
      },
      onError: errors.refused,
    });
  };

  return { errorOf: errors.errorOf, saving: create.isPending, save };
}
