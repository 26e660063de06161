// "Save Your Configuration": new or overwrite, with every rule of docs/PRODUCT.md "The calculator" in save-dialog-state.ts.
import { Alert, Dialog, Field, Input, NativeSelect, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { memo, useReducer, useState, type FormEvent } from 'react';
import { CONFIGURATION_NAME_MAX } from '../../../shared/schemas/configuration';
import { DialogShell, DialogSubmitFooter } from '../../components/DialogShell';
import { notify } from '../../components/toaster';
import type { SaveRefusal } from './save-refusal';
import {
  canSubmit,
  closedSaveDialog,
  descriptionText,
  isModeChoiceDisabled,
  overwriteWarnings,
  saveDialogReducer,
  submitDecision,
  submitLabel,
  type SaveEvent,
  type SaveMode,
  type SavedConfigurationRef,
} from './save-dialog-state';
import { emptyQuoteFields, quoteFieldsError, quoteFieldsForCreate, todayInAmsterdam } from './quote-life';
import { QuoteFieldsSection } from './QuoteFieldsSection';

export interface SaveDialogProps {
  open: boolean;
  currentConfigId: number | null;
  configurations: SavedConfigurationRef[];
  onClose: () => void;
  /** Runs the save; resolves true when it succeeded, or the server's refusal to show in the dialog. */
  onSave: (event: SaveEvent) => Promise<SaveOutcome>;
}

export type SaveOutcome = boolean | SaveRefusal;

export const SaveDialog = memo(function SaveDialog({ open, currentConfigId, configurations, onClose, onSave }: SaveDialogProps) {
  const [state, dispatch] = useReducer(saveDialogReducer, closedSaveDialog);
  // opening starts from the current configuration (adjusting state during render: no frame with stale fields)
  const [wasOpen, setWasOpen] = useState(false);
  const [quote, setQuote] = useState(emptyQuoteFields);
  const [quoteError, setQuoteError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<SaveRefusal | null>(null);
  if (open !== wasOpen) {
    setWasOpen(open);
    setRefusal(null);
    if (open) {
      dispatch({ type: 'open', currentConfigId, configurations });
      setQuote(emptyQuoteFields);
      setQuoteError(null);
    }
  }

  const cancel = () => {
    if (state.saving) return; // blocked while a save runs
    dispatch({ type: 'cancel' });
    onClose();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const decision = submitDecision(state);
    if (decision === 'blocked') return;
    if (decision === 'confirm') {
      dispatch({ type: 'askReplace' });
      return;
    }
    if (decision === 'blank') {
      notify('error', 'Name required', 'Please enter a configuration name');
      return;
    }
    const problem = 'id' in decision ? null : quoteFieldsError(quote, todayInAmsterdam());
    setQuoteError(problem);
    if (problem) return;
    dispatch({ type: 'saveStarted' });
    setRefusal(null);
    let ok = false;
    try {
      const filled = quoteFieldsForCreate(quote);
      const outcome = await onSave('id' in decision || Object.keys(filled).length === 0 ? decision : { ...decision, quote: filled });
      ok = outcome === true;
      if (typeof outcome === 'object') setRefusal(outcome);
    } finally {
      dispatch({ type: 'saveFinished', ok });
      if (ok) onClose();
    }
  };

  const none = configurations.length === 0;
  const choiceDisabled = isModeChoiceDisabled(state, configurations.length);

  return (
    <DialogShell
      open={open}
      onClose={cancel}
      busy={state.saving}
      closeLabel="Close dialog"
      contentProps={{ maxW: state.mode === 'new' ? '520px' : '425px', mx: '3' }}
      formProps={{ onSubmit: submit, noValidate: true }}
    >
      <Dialog.Header flexDirection="column" alignItems="start" gap="1">
        <Dialog.Title>Save Your Configuration</Dialog.Title>
        <Dialog.Description color="fg.muted" fontSize="sm">
          {descriptionText(state.mode)}
        </Dialog.Description>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <RadioGroup.Root
            value={state.mode}
            onValueChange={(e) => e.value && dispatch({ type: 'setMode', mode: e.value as SaveMode, configurations })}
            disabled={choiceDisabled}
            aria-label="Save option"
            colorPalette="blue"
            size="sm"
          >
            <Text fontSize="sm" fontWeight="medium" mb="2">
              Save option
            </Text>
            <Stack gap="2">
              <RadioGroup.Item value="new">
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>Save as new configuration</RadioGroup.ItemText>
              </RadioGroup.Item>
              <RadioGroup.Item value="overwrite" disabled={none || state.saving}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>Update existing configuration</RadioGroup.ItemText>
              </RadioGroup.Item>
            </Stack>
          </RadioGroup.Root>

          {state.mode === 'overwrite' && (
            <Field.Root disabled={state.saving}>
              <Field.Label>Select Configuration</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  placeholder="Select a configuration to update"
                  value={state.selectedId === null ? '' : String(state.selectedId)}
                  onChange={(e) => e.target.value && dispatch({ type: 'select', id: Number(e.target.value), configurations })}
                >
                  {configurations.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
          )}

          <Field.Root disabled={state.saving} invalid={refusal?.field === 'name'}>
            <Field.Label>Configuration Name</Field.Label>
            <Input
              name="configurationName"
              placeholder="e.g., Client Name or Project"
              autoComplete="off"
              maxLength={CONFIGURATION_NAME_MAX}
              value={state.name}
              onChange={(e) => {
                if (refusal?.field === 'name') setRefusal(null);
                dispatch({ type: 'setName', name: e.target.value });
              }}
              data-autofocus
            />
            {refusal?.field === 'name' && <Field.ErrorText>{refusal.message}</Field.ErrorText>}
          </Field.Root>
          {state.mode === 'new' && (
            <QuoteFieldsSection
              value={quote}
              onChange={(v) => {
                setQuote(v);
                setQuoteError(null);
              }}
              disabled={state.saving}
              today={todayInAmsterdam()}
              error={quoteError}
              validityHint="Empty: the standard validity from today"
            />
          )}
          {overwriteWarnings(state, configurations).map((w) => (
            <Alert.Root key={w} status="warning" size="sm" data-testid="save-warning">
              <Alert.Indicator />
              <Alert.Description>{w}</Alert.Description>
            </Alert.Root>
          ))}
          {refusal?.field === 'form' && (
            <Text role="alert" fontSize="sm" color="fg.error">
              {refusal.message}
            </Text>
          )}
        </Stack>
      </Dialog.Body>
      <DialogSubmitFooter
        onCancel={cancel}
        pending={state.saving}
        pendingLabel={submitLabel(state)}
        disabled={!canSubmit(state)}
        colorPalette={state.askingReplace ? 'orange' : 'blue'}
      >
        {submitLabel(state)}
      </DialogSubmitFooter>
    </DialogShell>
  );
});
