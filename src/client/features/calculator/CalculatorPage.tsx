// The pricing calculator (docs/PRODUCT.md "The calculator"): data in, state in calculator-state.ts, the live quote from the shared engine
// in the browser on every change (no server round trip per keystroke), and the dialogs around it.
import { Box, Button, Card, Flex, Grid, Heading, HStack, SimpleGrid, Skeleton, Stack, Text, useMediaQuery } from '@chakra-ui/react';
import { memo, useCallback, useEffect, useMemo, useReducer, useRef, useState, type ComponentProps, type RefObject } from 'react';
import { useLocation, useSearch } from 'wouter';
import { toPricingCatalog } from '../../../shared/catalog';
import type { CatalogDto } from '../../lib/catalog-types';
import { calculateQuote, eligibleDiscountIds, type QuoteResult } from '../../../shared/pricing';
import { RetryPanel } from '../../components/RetryPanel';
import { notify } from '../../components/toaster';
import { errorMessage, httpStatusOf, outageText, UNAVAILABLE_MESSAGE } from '../../lib/errors';
import { usePageTitle } from '../../lib/page-title';
import { useCurrentUser } from '../../lib/session';
import { downloadConfigurationPdf, downloadQuotePdf } from '../../lib/pdf';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import {
  calculatorReducer,
  initialCalculatorState,
  orderPackages,
  quantityHint as quantityHintOf,
  toQuoteForm,
  toSavePayload,
  type CalculatorAction,
  type CalculatorContext,
  type CalculatorState,
} from './calculator-state';
import { CustomItemsCard } from './CustomItemsCard';
import { DetailsDialog } from './DetailsDialog';
import { DiscountsPanel } from './DiscountsPanel';
import { DraftNotice } from './DraftNotice';
import { ConfigureCard } from './ConfigureCard';
import { PricingSummary } from './PricingSummary';
import { SaveDialog, type SaveOutcome } from './SaveDialog';
import type { SaveEvent } from './save-dialog-state';
import { saveFailureText, saveRefusalOf } from './save-refusal';
import { captureElement, ScreenshotDialog } from './ScreenshotDialog';
import { appliedDiscountsText, euroCents } from './summary-model';
import { QuoteLifePanel } from './QuoteLifePanel';
import { QuoteNotFound } from './QuoteNotFound';
import { useQuoteLife } from './use-quote-life';
import { takeOpenedCopy, useDuplicateQuote } from '../../components/use-duplicate-quote';
import { useCalculatorMemory } from './use-calculator-memory';

/** The configuration id from `/calculator/{configId}` or `?configId=`; a non-numeric value is ignored. */
export function configIdFrom(param: string | undefined, search: string): number | null {
  const fromQuery = new URLSearchParams(search).get('configId') ?? undefined;
  for (const v of [param, fromQuery]) {
    if (v !== undefined && /^\d+$/.test(v.trim())) {
      const n = Number(v.trim());
      if (Number.isSafeInteger(n) && n > 0) return n;
    }
  }
  return null;
}

export function CalculatorPage({ configId }: { configId?: string }) {
  const search = useSearch();
  const id = configIdFrom(configId, search);
  const catalog = trpc.catalog.all.useQuery();
  // the same query the calculator loads the quote with: an id that is unknown or not the user's (404) is a page of its own
  const loaded = trpc.configurations.get.useQuery({ id: id ?? 0 }, { enabled: id !== null });
  const notFound = id !== null && httpStatusOf(loaded.error) === 404;
  usePageTitle(notFound ? null : 'Pricing Calculator');
  // read here, not in the calculator: this page does not re-render while the user types
  const userId = useCurrentUser().user?.id ?? null;

  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h1" size="2xl" letterSpacing="tight">
          Pricing Calculator
        </Heading>
        <Text color="fg.muted">Configure a package and watch the quote update as you go.</Text>
      </Stack>
      {notFound ? (
        <QuoteNotFound id={id} />
      ) : catalog.isError ? (
        <RetryPanel
          title="Error Loading Data"
          description="We're having trouble loading the necessary data. Please try again later or contact support."
          onRetry={() => catalog.refetch()}
          retrying={catalog.isFetching}
        />
      ) : catalog.data ? (
        <Calculator catalog={catalog.data} configId={id} userId={userId} />
      ) : (
        <CalculatorSkeleton />
      )}
    </Stack>
  );
}

function CalculatorSkeleton() {
  return (
    <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 380px' }} gap="6" aria-busy="true" aria-label="Loading the calculator">
      <Stack gap="6">
        <Card.Root>
          <Card.Body>
            <Skeleton height="6" width="48" mb="5" />
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} height="260px" borderRadius="l3" />
              ))}
            </SimpleGrid>
            <Skeleton height="10" mt="6" />
            <Skeleton height="10" mt="4" />
          </Card.Body>
        </Card.Root>
        <Skeleton height="200px" borderRadius="l3" />
      </Stack>
      <Skeleton height="520px" borderRadius="l3" />
    </Grid>
  );
}

/** The first field of the form; in a radio group (the packages) the chosen option, where Tab would land. */
function firstFieldOf(root: HTMLElement | null): HTMLElement | null {
  const first = root?.querySelector<HTMLElement>('input:not([type=hidden]), select, textarea, button') ?? null;
  if (first instanceof HTMLInputElement && first.type === 'radio') {
    return first.closest('[role=radiogroup]')?.querySelector<HTMLElement>('input:checked') ?? first;
  }
  return first;
}

type Quote = { ok: true; result: QuoteResult } | { ok: false; error: unknown };

/** Below the `lg` breakpoint, where the summary sits under the form: the mobile totals bar is drawn only there. */
const NARROW = ['(max-width: 61.99em)'];

/** Phones and tablets: the two figures that matter stay in sight while the form scrolls; a tap jumps to the summary. */
const MobileTotalsBar = memo(function MobileTotalsBar({
  monthly,
  tcv,
  target,
}: {
  monthly: number;
  tcv: number;
  target: RefObject<HTMLDivElement | null>;
}) {
  const [narrow] = useMediaQuery(NARROW, { ssr: false });
  if (!narrow) return null;
  return (
    <>
      <Box h="16" aria-hidden />
      <Box
        position="fixed"
        insetX="0"
        bottom="0"
        zIndex="docked"
        bg="bg"
        borderTopWidth="1px"
        shadow="lg"
        px="4"
        py="2.5"
        data-html2canvas-ignore="true"
        data-testid="mobile-totals"
      >
        <Flex align="center" justify="space-between" gap="3" maxW="7xl" mx="auto">
          <HStack gap="5" minW="0">
            <Stack gap="0">
              <Text fontSize="xs" color="fg.muted">
                Monthly
              </Text>
              <Text fontWeight="bold" fontVariantNumeric="tabular-nums">
                {euroCents(monthly)}
              </Text>
            </Stack>
            <Stack gap="0" minW="0">
              <Text fontSize="xs" color="fg.muted">
                Contract value
              </Text>
              <Text fontWeight="bold" color="blue.fg" fontVariantNumeric="tabular-nums" truncate>
                {euroCents(tcv)}
              </Text>
            </Stack>
          </HStack>
          <Button
            size="sm"
            colorPalette="blue"
            variant="subtle"
            onClick={() => target.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })}
          >
            Summary
          </Button>
        </Flex>
      </Box>
    </>
  );
});

type LoadedQuote = RouterOutputs['configurations']['get'];

// The parts below read queries of their own: as components they run when their props change, not on every keystroke.

/** Loads the quote named in the address once it arrives; a failure other than "not found" leaves the address. */
const LoadOnArrival = memo(function LoadOnArrival({
  configId,
  loadedFor,
  onLoaded,
}: {
  configId: number | null;
  loadedFor: RefObject<number | null>;
  onLoaded: (data: LoadedQuote) => void;
}) {
  const [, navigate] = useLocation();
  const loaded = trpc.configurations.get.useQuery({ id: configId ?? 0 }, { enabled: configId !== null });
  useEffect(() => {
    if (configId === null || loadedFor.current === configId) return;
    if (loaded.data && loaded.data.id === configId) onLoaded(loaded.data);
    else if (loaded.isError && httpStatusOf(loaded.error) !== 404) {
      loadedFor.current = configId;
      // the address must not keep an id whose quote is not on screen
      notify('error', 'Failed to load the saved configuration', errorMessage(loaded.error, UNAVAILABLE_MESSAGE));
      navigate('/', { replace: true });
    }
  }, [configId, loaded.data, loaded.isError, loaded.error, loadedFor, onLoaded, navigate]);
  return null;
});

/** "Saved configuration #12 · Name" under the summary. */
const CurrentConfiguration = memo(function CurrentConfiguration({ id }: { id: number }) {
  const name = trpc.configurations.all.useQuery({ scope: 'mine' }).data?.find((c) => c.id === id)?.name;
  return (
    <HStack justify="center" mt="2" fontSize="xs" color="fg.muted">
      <Text data-testid="current-config">
        Saved configuration #{id}
        {name ? ` · ${name}` : ''}
      </Text>
    </HStack>
  );
});

/** The save dialog with the user's quotes it may overwrite: an accepted quote is frozen, so it is not offered. */
const SaveQuoteDialog = memo(function SaveQuoteDialog(props: Omit<ComponentProps<typeof SaveDialog>, 'configurations'>) {
  const saved = trpc.configurations.all.useQuery({ scope: 'mine' });
  const overwritable = useMemo(
    () => (saved.data ?? []).filter((c) => c.status !== 'accepted').map((c) => ({ id: c.id, name: c.name, status: c.status })),
    [saved.data],
  );
  return <SaveDialog {...props} configurations={overwritable} />;
});

function Calculator({ catalog, configId, userId }: { catalog: CatalogDto; configId: number | null; userId: number | null }) {
  const ctx = useMemo<CalculatorContext>(() => ({ catalog, pricing: toPricingCatalog(catalog) }), [catalog]);
  const packages = useMemo(() => orderPackages(catalog.packages), [catalog]);
  const reducer = useCallback((s: CalculatorState, a: CalculatorAction) => calculatorReducer(s, a, ctx), [ctx]);
  const [state, rawDispatch] = useReducer(reducer, ctx, initialCalculatorState);
  const stateRef = useRef(state);
  stateRef.current = state;
  const [, navigate] = useLocation();
  const memory = useCalculatorMemory(state, rawDispatch, ctx, userId, configId);

  // --- the live quote -------------------------------------------------------------------------------------------
  const form = useMemo(() => toQuoteForm(state), [state]);
  const quote = useMemo<Quote>(() => {
    try {
      return { ok: true, result: calculateQuote(form, ctx.pricing) };
    } catch (error) {
      return { ok: false, error };
    }
  }, [form, ctx]);
  const failing = useRef(false);
  useEffect(() => {
    if (!quote.ok && !failing.current) {
      console.error('Pricing failed', quote.error);
      notify('error', 'Calculation Error', 'An error occurred while calculating pricing');
    }
    failing.current = !quote.ok;
  }, [quote]);
  // --- the quote's life: stored figures until an input changes, read-only once accepted -----------------------------
  const life = useQuoteLife(
    state.configId,
    useMemo(() => JSON.stringify(form), [form]),
  );
  const { markPriced } = life;
  const { dispatch: memoryDispatch } = memory;
  const readOnlyRef = useRef(false);
  readOnlyRef.current = life.readOnly;
  const savedPdfRef = useRef<number | null>(null);
  savedPdfRef.current = life.figures === 'stored' && life.quote ? life.quote.id : null;
  // an accepted quote is read-only: every input change is ignored (a load still goes through)
  const dispatch = useCallback(
    (a: CalculatorAction) => {
      if (readOnlyRef.current && a.type !== 'loadConfiguration' && a.type !== 'saved') return;
      memoryDispatch(a);
    },
    [memoryDispatch],
  );
  // Start over removes the notice that holds its button: focus goes to the calculator's first field, never to the page
  const fieldsRef = useRef<HTMLFieldSetElement>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest > 0) firstFieldOf(fieldsRef.current)?.focus();
  }, [focusRequest]);
  const startOver = useCallback(() => {
    dispatch({ type: 'startOver' });
    memory.markClean();
    memory.dismissRestored();
    setFocusRequest((n) => n + 1);
    if (configId !== null) navigate('/', { replace: true });
  }, [dispatch, memory, configId, navigate]);

  const { duplicate } = useDuplicateQuote();
  const eligibleKey = useMemo(() => eligibleDiscountIds(form, ctx.pricing).join(','), [form, ctx]);
  const result = life.stored ?? (quote.ok ? quote.result : null);
  const pkg = catalog.packages.find((p) => p.id === state.packageId);
  const appliedText = useMemo(() => appliedDiscountsText(result), [result]);

  // --- loading a saved configuration ---------------------------------------------------------------------------
  const loadedFor = useRef<number | null>(null);
  const onLoaded = useCallback(
    (data: LoadedQuote) => {
      loadedFor.current = data.id;
      // an accepted quote takes no unsaved edits; restored edits are priced on today's catalogue
      if (!memory.load(data, data.status !== 'accepted')) markPriced();
      // a copy just made says so itself ("Quote duplicated as Q-000002"): that toast stays
      if (!takeOpenedCopy(data.id)) notify('success', 'Configuration Loaded');
    },
    [memory, markPriced],
  );

  // --- saving ----------------------------------------------------------------------------------------------------
  const utils = trpc.useUtils();
  // mutateAsync is stable across renders (the mutation objects are not): the save handler, and the dialog that holds
  // it, do not change while the user types
  const { mutateAsync: createAsync } = trpc.configurations.create.useMutation();
  const { mutateAsync: updateAsync } = trpc.configurations.update.useMutation();
  const [saveOpen, setSaveOpen] = useState(false);

  const openSave = useCallback(() => {
    const s = stateRef.current;
    if (readOnlyRef.current && life.quote) {
      void duplicate(life.quote);
      return;
    }
    if (!s.packageId || !quote.ok) {
      notify('error', 'Cannot save configuration without package selection or pricing calculation');
      return;
    }
    setSaveOpen(true);
  }, [quote.ok, duplicate, life.quote]);

  const runSave = useCallback(
    async (event: SaveEvent): Promise<SaveOutcome> => {
      const payload = { ...toSavePayload(stateRef.current, event.name), ...('quote' in event ? event.quote : {}) };
      const overwrite = 'id' in event;
      try {
        const res = overwrite ? await updateAsync({ ...payload, id: event.id }) : await createAsync(payload);
        dispatch({ type: 'saved', configId: res.id });
        markPriced();
        memory.markClean();
        loadedFor.current = res.id; // already on screen: do not load it again
        navigate(`/calculator/${res.id}`, { replace: true });
        notify('success', overwrite ? 'Configuration updated successfully!' : 'Configuration saved successfully!');
        void utils.configurations.invalidate();
        return true;
      } catch (err) {
        const refusal = saveRefusalOf(err);
        notify('error', 'Error', saveFailureText(overwrite, refusal, outageText(err)));
        return refusal ?? false;
      }
    },
    [createAsync, updateAsync, utils, dispatch, markPriced, memory, navigate],
  );

  // --- summary actions -------------------------------------------------------------------------------------------
  const summaryRef = useRef<HTMLDivElement>(null);
  const [capturing, setCapturing] = useState(false);
  const [image, setImage] = useState<string | null>(null);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const [pdfPending, setPdfPending] = useState(false);

  const onScreenshot = useCallback(async () => {
    const el = summaryRef.current;
    if (!el) return;
    setCapturing(true);
    const img = await captureElement(el);
    setCapturing(false);
    if (img) setImage(img);
  }, []);
  const onDetails = useCallback(() => setDetailsOpen(true), []);
  const closeDetails = useCallback(() => setDetailsOpen(false), []);
  const closeImage = useCallback(() => setImage(null), []);
  const closeSave = useCallback(() => setSaveOpen(false), []);
  const onPdf = useCallback(async () => {
    setPdfPending(true);
    try {
      // the saved quote's own PDF while its stored figures are on screen: the PDF and the calculator agree
      const savedId = savedPdfRef.current;
      await (savedId !== null ? downloadConfigurationPdf(savedId) : downloadQuotePdf(toQuoteForm(stateRef.current)));
    } catch (err) {
      notify('error', 'PDF download failed', errorMessage(err, 'The PDF could not be created'));
    } finally {
      setPdfPending(false);
    }
  }, []);

  // --- what the form shows ---------------------------------------------------------------------------------------
  const sqm = state.pricingModel === 'sqm';
  const unitPrice = result ? (sqm ? result.originalPricePerSqm4 : result.originalPricePerUser4) / 10000 : null;
  const quantityHint = quantityHintOf(state, ctx, unitPrice);
  const selectPackage = useCallback((packageId: number) => dispatch({ type: 'selectPackage', packageId }), [dispatch]);

  return (
    <>
      {life.quote && <QuoteLifePanel quote={life.quote} figures={life.figures} readOnly={life.readOnly} onRepriced={life.markPriced} />}
      {memory.restored && <DraftNotice onStartOver={startOver} onDismiss={memory.dismissRestored} />}
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 380px' }} gap="6" alignItems="start">
        <Stack gap="6" minW="0" asChild>
          <fieldset ref={fieldsRef} disabled={life.readOnly} aria-label={life.readOnly ? 'Accepted quote (read-only)' : undefined}>
            <ConfigureCard
              packages={packages}
              categories={catalog.categories}
              addOns={catalog.addOns}
              packageName={pkg?.name}
              state={state}
              quantityHint={quantityHint}
              onSelectPackage={selectPackage}
              dispatch={dispatch}
            />
            <CustomItemsCard items={state.customItems} dispatch={dispatch} />
            <DiscountsPanel
              discounts={catalog.discounts}
              eligibleKey={eligibleKey}
              selectedIds={state.selectedDiscountIds}
              pricingModel={state.pricingModel}
              appliedText={appliedText}
              sellerDiscount={state.sellerDiscount}
              dispatch={dispatch}
            />
          </fieldset>
        </Stack>
        {/* sticky below the app's sticky header (4rem), never under it */}
        <Box position={{ lg: 'sticky' }} top={{ lg: '20' }} minW="0">
          <PricingSummary
            ref={summaryRef}
            quote={result}
            packageName={pkg?.name ?? ''}
            paymentFrequency={state.paymentFrequency}
            pricingModel={state.pricingModel}
            pdfPending={pdfPending}
            capturing={capturing}
            onScreenshot={onScreenshot}
            onDetails={onDetails}
            onSave={openSave}
            saveLabel={life.readOnly ? 'Duplicate' : undefined}
            onPdf={onPdf}
          />
          {state.configId !== null && <CurrentConfiguration id={state.configId} />}
        </Box>
      </Grid>
      {result && <MobileTotalsBar monthly={result.total} tcv={result.tcv} target={summaryRef} />}
      {/* closed dialogs get no new props while the user types */}
      <DetailsDialog open={detailsOpen} onClose={closeDetails} quote={detailsOpen ? result : null} pkg={detailsOpen ? pkg : undefined} />
      <ScreenshotDialog image={image} onClose={closeImage} />
      <SaveQuoteDialog open={saveOpen} currentConfigId={state.configId} onClose={closeSave} onSave={runSave} />
      <LoadOnArrival configId={configId} loadedFor={loadedFor} onLoaded={onLoaded} />
    </>
  );
}
