import { Textarea } from '@mantine/core';
import { MAX_DESCRIPTION } from '../../../shared/contracts/posts';
import { bindText } from '../../lib/use-form-errors';

/**
 * The description field every kind of post has (spec section 3: required, at most
 * MAX_DESCRIPTION characters), growing with its text. `error` is the form's message for it.
 */
export function PostDescription({ value, onChange, error }: { value: string; onChange: (text: string) => void; error?: string }) {
  return <Textarea label="Description" withAsterisk {...bindText(value, onChange)} maxLength={MAX_DESCRIPTION} autosize minRows={3} error={error} />;
}
