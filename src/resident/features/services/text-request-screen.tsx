/**
 * The one way a service with a single text field is asked for and followed (complaints, grocery,
 * doctor): the form (`POST <path> {<field>}`: the server's message under the field, a general
 * refusal above it, a confirmation once filed) and, below it, the resident's own requests of that
 * kind, newest first, a page at a time (`GET <listPath>`), each drawn by `renderItem`.
 */
import { Alert, Button, Textarea, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Screen } from '../../app/screen';
import { t } from '../../i18n/catalogue';
import { refusal } from '../../lib/field-error';
import { RefusableForm } from '../../lib/refusable-form';
import { ListState } from '../../lib/list-state';
import { Pager, usePaged } from '../../lib/paged';
import { useFile } from './use-file';

export interface TextRequestScreenProps<T extends { _id: number }> {
  title: string;
  /** Where a request is filed, and the body field that carries the text. */
  path: string;
  field: string;
  /** The query key and path of the resident's own requests of this kind. */
  listKey: readonly string[];
  listPath: string;
  texts: { label: string; submit: string; filed: string; mine: string };
  renderItem: (item: T) => ReactNode;
}

export function TextRequestScreen<T extends { _id: number }>({ title, path, field, listKey, listPath, texts, renderItem }: TextRequestScreenProps<T>) {
  const [text, setText] = useState('');
  const file = useFile<Record<string, string>>(path, listKey);
  const { list, page, setPage } = usePaged<T>(listKey, listPath);
  const refused = refusal(file.error, [field]);
  return (
    <Screen title={title} back={{ to: '/services', label: t.services.title }}>
      <RefusableForm refused={refused} onSubmit={() => file.mutate({ [field]: text }, { onSuccess: () => setText('') })}>
        {file.isSuccess && <Alert role="status">{texts.filed}</Alert>}
        <Textarea label={texts.label} autosize minRows={3} value={text} onChange={(e) => setText(e.currentTarget.value)} error={refused.of(field)} />
        <Button type="submit" loading={file.isPending}>
          {texts.submit}
        </Button>
      </RefusableForm>
      <Title order={3}>{texts.mine}</Title>
      <ListState list={list}>{(items) => items.map(renderItem)}</ListState>
      <Pager page={page} setPage={setPage} hasOlder={list.data?.nextAfter != null} />
    </Screen>
  );
}
