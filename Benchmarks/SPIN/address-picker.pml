/*
 * The address picker's statechart in Promela: the yardstick that `address-picker verify` is
 * measured against (see README.md beside this file; `measure` runs both).
 *
 * WHAT IT MODELS
 *   The machine of Sources/AddressPicker/Machine, row for row: the five parallel regions and
 *   their control states (ControlStates.swift), the context (Context.swift), the 60 named rows
 *   of TransitionTable.swift with their guards (Guards.swift) and actions (Actions+*.swift), the
 *   work ledger (the running timers and the request kinds in flight, each in the order of its
 *   last start, as WorkLedger and PackedOrderedSet keep them), and what the runtime adds
 *   (Sources/MachineRuntime/Runtime.swift): a virtual clock that fires timers in deadline order
 *   (ties in start order), requests that a new one of the same kind supersedes, and cancelled
 *   requests whose late answers are dropped without a step.
 *
 *   One input is one atomic transition (a d_step), so a level of SPIN's breadth-first search is
 *   a level of `verify`'s: depth N is every sequence of N inputs. The inputs are those `verify`
 *   tries in each state (Sources/MachineAnalysis/Verification/Verifier.swift, `inputs(in:)`)
 *   with the samples of Sources/AddressPickerScripting/Samples/AddressPickerSamples.swift, out-of-
 *   range indexes included, as the tool sets them:
 *     - the 27 sample host events, in every state;
 *     - every sample answer and failure to each request in flight;
 *     - every sample answer to a cancelled request of each kind not answered yet (a late
 *       answer, dropped);
 *     - an advance of the clock to each running timer's deadline and to a millisecond before
 *       it, the distinct values only.
 *   A state is what `verify` tells states apart by (Sources/MachineAnalysis/StateKey.swift):
 *   control states, context, the ordered ledger, the time left on each timer in milliseconds,
 *   and for each request kind whether a cancelled request of it is still unanswered.
 *
 * WHAT IT ABSTRACTS
 *   - Values: every string, region, coordinate, address and list is a small number naming one
 *     of the finitely many values the samples can produce (the encodings below). Guards read
 *     them as the Swift guards read the values: a query's length in characters for R1, equality
 *     of queries, the one pair of sample centres within `duplicateDistance` (10 m) of each other
 *     for M2 (the initial centre and the nudge of a metre), the indexes in range for C1 and C5.
 *   - Late answers: `verify` identifies states by whether a kind has a cancelled, unanswered
 *     request (one bit), but keeps the runtime it first reached, which may hold two or more such
 *     requests, so that answering the newest leaves the bit set. Here the bit is the whole truth:
 *     a late answer clears it. The two searches find the same states, one for one, to depth 5; from
 *     depth 6 SPIN finds a few more (0.02 % at depth 7), each a state that verify has with more
 *     late-answer bits set (see README.md for the counts).
 *   - Payloads of requests are not part of a state in `verify` (the context that made a request
 *     holds what it asked). Three are kept here as ghost variables, because the answers carry
 *     them and the late-answer invariants are about them: the query of the completions request
 *     in flight, the query of the place search in flight and the category of the points-of-
 *     interest search in flight. Each is zero when no request of its kind is in flight, and is
 *     checked equal to the context field it copies (the query, the category), so it adds no
 *     state.
 *   - The outputs to the host (setRegion, dismissSearch, showAlert, deliver) change no state and
 *     are left out; so are the request history's numbers and times.
 *   - The request policies (R1-R4) are the `no-policies` initial context's: minimumQueryLength 1,
 *     completionCache 0, geocodeInterval and requestInterval 0, so the seven policy rows are
 *     there but can never fire. Compiled with -DPOLICIES (spin -a -DPOLICIES) the model takes
 *     the `policies` context instead (AddressPicker.Configuration.samplePolicies: 3, 1, 800 ms,
 *     800 ms); it supports a completion cache of at most one query, which is what the samples
 *     use.
 *   - The invariants are the state invariants of Sources/AddressPicker/Machine/Invariants.swift
 *     and the standard ones that apply, asserted after every input (inv_state), with a few the
 *     model adds about its ghosts. The three about the times of requests
 *     (geocodeCooldownFollowsLookups, lookupsAreSpacedOut, requestsAreSpacedOut) become one
 *     assert where a request to the geocoding service is made: the geocode cooldown, started
 *     with each such request and stopped only by elapsing or by confirming, is not running.
 *     completionsOnlyForLongUncachedQueries is asserted where completions are requested. The
 *     usage rules of the real geocoders that the tool adds (Nominatim, Photon) are left out.
 *
 * HOW IT MAPS TO THE SWIFT ROWS
 *   Each Swift event is an inline `ev_<event>`; it first chooses one row per region from the
 *   state before the step (guards see the state before, as in TransitionTable+Step.swift), then
 *   fires the chosen rows in region order (picker, location, map, search, poi). Each fired row
 *   is commented with its id, e.g. `M3.moved`, and calls the inline named after its Swift
 *   action. Every one of the 60 rows is here.
 *
 * RUN
 *   Benchmarks/SPIN/measure runs it beside verify. By hand, for the states within 7 inputs:
 *     spin -o2 -a address-picker.pml && cc -O2 -DBFS -DSAFETY -DNOREDUCE -o pan pan.c
 *     ./pan -m7 -w25 -n
 *   (-o2 keeps every variable in the state vector, as verify keeps every field in a state.)
 */

/* ---------------------------------------------------------------------------------------------
 * Configuration (AddressPicker.Configuration)
 */
#ifdef POLICIES
#define MINLEN        3     /* minimumQueryLength (R1) */
#define CACHE         1     /* completionCache (R2): 0 or 1 here */
#define GEO_INTERVAL  800   /* geocodeInterval in ms (R3) */
#define REQ_INTERVAL  800   /* requestInterval in ms (R4) */
#else
#define MINLEN        1
#define CACHE         0
#define GEO_INTERVAL  0
#define REQ_INTERVAL  0
#endif
#define SEARCH_DEBOUNCE 300 /* searchDebounce, ms */
#define REGION_DEBOUNCE 500 /* regionDebounce, ms */

#if REQ_INTERVAL > 0
#define SPACES_EVERY 1      /* spacesEveryRequest: R4 spaces every request to the service */
#if REQ_INTERVAL > GEO_INTERVAL
#define COOLDOWN_MS REQ_INTERVAL
#else
#define COOLDOWN_MS GEO_INTERVAL
#endif
#else
#define SPACES_EVERY 0
#define COOLDOWN_MS GEO_INTERVAL
#endif
#if COOLDOWN_MS > 0
#define THROTTLES 1         /* throttlesGeocoding */
#else
#define THROTTLES 0
#endif

/* ---------------------------------------------------------------------------------------------
 * Encodings. An optional field holds 0 for nil.
 */
/* Control states, by their raw values. */
#define PK_PICKING     0
#define PK_CONFIRMED   1
#define LOC_IDLE       0
#define LOC_AWAITING   1    /* awaitingAuthorization */
#define LOC_LOCATING   2
#define MAP_IDLE       0
#define MAP_SETTLING   1
#define MAP_GEOCODING  2
#define MAP_THROTTLED  3
#define SR_INACTIVE    0
#define SR_EDITING     1    /* the initial child of the compound state `active` */
#define SR_DEBOUNCING  2
#define SR_LOADING     3    /* loadingCompletions */
#define SR_SHOWING_C   4    /* showingCompletions */
#define SR_SEARCHING   5
#define SR_SHOWING_R   6    /* showingResults */
#define IN_ACTIVE      (search != SR_INACTIVE)
#define POI_OFF        0
#define POI_LOADING    1
#define POI_SHOWING    2

/* Map regions (and, as reference centres, their centres). */
#define RG_INITIAL   1      /* Context.defaultRegion: (40.7, -74.0), span 0.075 */
#define RG_FAR       2      /* the far pan: (40.75, -73.98) */
#define RG_NUDGE     3      /* the nudge of about a metre: (40.70001, -74.0) */
#define RG_ECHO      4      /* the echo, byUser false: (40.8, -73.9) */
#define RG_LOCATION  5      /* L3: the sample location (51.5007, -0.1246), locationSpan */
#define RG_PLACES    6      /* C3: the region enclosing the two sample places */
#define RG_PICKED    7      /* C5: Apple SoHo (40.725, -73.9987), locationSpan */
/* M2: whether centre `c` is within duplicateDistance (10 m) of the reference centre. Of the
 * sample centres only the initial one and the nudge are that close (about 1.1 m). */
#define NEAR_REF(c)  (refCenter != 0 && (refCenter == (c) || \
                      ((c) == RG_NUDGE && refCenter == RG_INITIAL) || \
                      ((c) == RG_INITIAL && refCenter == RG_NUDGE)))

/* Queries: the sample queries and the titles of their completions ("<query> Store"). */
#define Q_EMPTY        1
#define Q_APPLE        2
#define Q_PEAR         3
#define Q_AP           4
#define Q_APPLE_STORE  5
#define Q_PEAR_STORE   6
#define Q_AP_STORE     7
#define TITLE(q)       ((q) + 3)   /* the title of the completion the samples answer for q */
#define QLEN(q) ((q) == Q_EMPTY -> 0 : ((q) == Q_APPLE -> 5 : ((q) == Q_PEAR -> 4 : \
                ((q) == Q_AP -> 2 : ((q) == Q_APPLE_STORE -> 11 : ((q) == Q_PEAR_STORE -> 10 : 8))))))
/* Configuration.isShort */
#define IS_SHORT(q)    (MINLEN > 1 && QLEN(q) < MINLEN)

/* Authorization, by raw value. */
#define AU_NOT_DETERMINED 0
#define AU_DENIED         1
#define AU_RESTRICTED     2
#define AU_WHEN_IN_USE    3
#define AU_ALWAYS         4
#define AU_SERVICES_OFF   5
#define AUTHORIZED(s)     ((s) == AU_WHEN_IN_USE || (s) == AU_ALWAYS)

/* AddressSource, Alert, Failure, Address, category. */
#define SRC_MAP       1
#define SRC_SEARCH    2
#define SRC_LOCATION  3
#define AL_SERVICES_OFF   1
#define AL_DENIED         2
#define AL_LOCATION_FAILED 3
#define AL_POI_FAILED     4
#define ERR_COMPLETIONS   1
#define ERR_PLACES        2
#define ERR_GEOCODING     3
#define ADDR_MAIN    1      /* the reverse geocode's "1 Main St" */
#define ADDR_PRINCE  2      /* Apple SoHo's "103 Prince St" */
#define CAT_CAFE     1
#define CAT_PARK     2

/* Timers and request kinds, by raw value (bit n of a mask, tag n+1 in an ordered set). */
#define T_SEARCH     0      /* searchDebounce */
#define T_REGION     1      /* regionDebounce */
#define T_COOLDOWN   2      /* geocodeCooldown */
#define K_COMPLETIONS 0
#define K_PLACES      1
#define K_ADDRESS     2
#define K_AUTH        3
#define K_LOCATION    4
#define K_POI         5
#define RUNNING(t)   ((tmrM & (1 << (t))) != 0)
#define PENDING(k)   ((pendM & (1 << (k))) != 0)
#define LATE(k)      ((late & (1 << (k))) != 0)

/* HeldRequest (R4). */
#define H_COMPLETIONS  1    /* .completions(query: heldQ) */
#define H_PLACES_COMPLETION 2 /* .places(.completion(the completion titled heldQ)) */
#define H_PLACES_TEXT  3    /* .places(.text(heldQ, region: heldRegion)) */

/* ---------------------------------------------------------------------------------------------
 * The state: what `verify` tells states apart by.
 */
/* Control states. */
byte picker = PK_PICKING;
byte location = LOC_IDLE;
byte map = MAP_IDLE;
byte search = SR_INACTIVE;
byte poi = POI_OFF;
/* Context. */
byte region = RG_INITIAL;
byte query = Q_EMPTY;
byte compsOf;           /* completions: [] (0), or [TITLE(compsOf)], the answer to that query */
byte compQ;             /* completionsQuery */
byte resultsOf;         /* results: [] (0), or the two sample places found for that query */
byte address;
byte addressSource;
byte authorization = AU_NOT_DETERMINED;
byte alert;
byte error;
byte category;
byte poiPlaces;         /* pointsOfInterest: [] (0), or "A <category>" of that category */
byte cacheQ;            /* cachedCompletions: none (0), or one entry for this query ... */
byte cacheOf;           /* ... holding [] (0) or [TITLE(cacheOf)] */
byte refCenter;         /* referenceCenter: the centre of that region */
byte lookupSource;
byte searchOrigin;
bool resultsMovedMap;
byte heldKind;          /* heldRequest (R4) */
byte heldQ;
byte heldRegion;
/* Work ledger: ordered sets as PackedOrderedSet keeps them (4 bits a slot, tag = raw value + 1,
 * oldest first), with their members as bit masks. */
int tmr;
byte tmrM;
int pend;
byte pendM;
/* Runtime: the time left on each running timer in ms (0 when not running), and the kinds with
 * a cancelled request not answered yet. */
short rem[3];
byte late;
/* Ghosts: the payload of the request in flight of three kinds (see the header). */
byte payComp;           /* requestCompletions(query:) */
byte payPlaces;         /* searchPlaces: the text searched, or the completion's title */
byte payPoi;            /* searchPointsOfInterest(category:) */

/* ---------------------------------------------------------------------------------------------
 * Scratch, written before it is read within one input and zeroed at its end (end_input), so
 * that it never tells two states apart. (SPIN's breadth-first search refuses `hidden`.)
 */
byte os_p;              /* a slot's bit offset in an ordered set, or its length */
byte r_map;             /* the map row chosen, from the state before */
bit r_sr, r_poi;        /* whether a region's row was chosen, from the state before */
byte ans_pay;           /* the ghost payload of the request being answered */
byte hk_tmp, hq_tmp, hr_tmp;
byte ce_e;
short adv_left, adv_delta;
byte adv_due, adv_t, adv_p;

/* With -DDUMP (and pan compiled with -DPRINTF), each input prints the state it leads to: the
 * variables in the order declared above (the held request last), for comparing the states
 * with another search's. */
inline dump_state() {
#ifdef DUMP
    printf("T %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d ",
        picker, location, map, search, poi, region, query, compsOf, compQ, resultsOf, address,
        addressSource, authorization, alert, error, category, poiPlaces, cacheQ, cacheOf,
        refCenter, lookupSource, searchOrigin, resultsMovedMap);
    printf("%d %d %d %d %d %d %d %d %d %d %d %d %d %d\n", tmr, tmrM, pend, pendM, rem[0], rem[1], rem[2],
        late, payComp, payPlaces, payPoi, heldKind, heldQ, heldRegion)
#else
    skip
#endif
}

inline end_input() {
    dump_state();
    os_p = 0; r_map = 0; r_sr = 0; r_poi = 0; ans_pay = 0;
    hk_tmp = 0; hq_tmp = 0; hr_tmp = 0; ce_e = 0;
    adv_left = 0; adv_delta = 0; adv_due = 0; adv_t = 0; adv_p = 0
}

/* ---------------------------------------------------------------------------------------------
 * The work ledger and the runtime's books
 */
/* PackedOrderedSet.remove: the slots above e's move down one. */
inline os_remove(slots, mask, e) {
    if
    :: (mask & (1 << (e))) != 0 ->
        os_p = 0;
        do
        :: ((slots >> os_p) & 15) == (e) + 1 -> break
        :: else -> os_p = os_p + 4
        od;
        slots = (slots & ((1 << os_p) - 1)) | ((slots >> (os_p + 4)) << os_p);
        mask = mask & ~(1 << (e))
    :: else -> skip
    fi
}

/* PackedOrderedSet.append: to the end, moving it there if present. */
inline os_append(slots, mask, e) {
    os_remove(slots, mask, e);
    os_p = 0;
    do
    :: ((slots >> os_p) & 15) != 0 -> os_p = os_p + 4
    :: else -> break
    od;
    slots = slots | (((e) + 1) << os_p);
    mask = mask | (1 << (e))
}

/* Outbox.startTimer, and the runtime restarting it with a new deadline. */
inline start_timer(t, ms) {
    os_append(tmr, tmrM, t);
    rem[t] = ms
}

/* Outbox.cancelTimer: only a running timer. */
inline cancel_timer(t) {
    if
    :: RUNNING(t) -> os_remove(tmr, tmrM, t); rem[t] = 0
    :: else -> skip
    fi
}

inline clear_payload(k) {
    if
    :: (k) == K_COMPLETIONS -> payComp = 0
    :: (k) == K_PLACES -> payPlaces = 0
    :: (k) == K_POI -> payPoi = 0
    :: else -> skip
    fi
}

/* Outbox.cancel: only a request in flight; the runtime marks it cancelled, so a late answer to
 * it can come. */
inline cancel_request(k) {
    if
    :: PENDING(k) ->
        os_remove(pend, pendM, k);
        late = late | (1 << (k));
        clear_payload(k)
    :: else -> skip
    fi
}

/* Outbox.request: a request of a kind in flight supersedes (cancels) the older one. The caller
 * sets the ghost payload after it. */
inline request(k) {
    cancel_request(k);
    os_append(pend, pendM, k)
}

/* A request to the geocoding service: none while the geocode cooldown runs (R3 for reverse
 * geocodes; R4 for every kind), which with the cooldown started at each one and stopped only
 * by elapsing or confirming is lookupsAreSpacedOut and requestsAreSpacedOut. */
inline service_request(k) {
#if SPACES_EVERY
    assert(!RUNNING(T_COOLDOWN));
#else
#if THROTTLES
    assert((k) != K_ADDRESS || !RUNNING(T_COOLDOWN));
#endif
#endif
    request(k)
}

/* Outbox.cancelEverything (K2): timers in the order they started, then requests in order. */
inline cancel_everything() {
    do
    :: tmr != 0 -> ce_e = (tmr & 15) - 1; cancel_timer(ce_e)
    :: else -> break
    od;
    do
    :: pend != 0 -> ce_e = (pend & 15) - 1; cancel_request(ce_e)
    :: else -> break
    od
}

/* ---------------------------------------------------------------------------------------------
 * Actions of the map region (Actions+Map.swift)
 */
inline store_region(r) { region = r }

inline settle(r) {
    cancel_request(K_ADDRESS);
    region = r;
    start_timer(T_REGION, REGION_DEBOUNCE)
}

/* reverseGeocode: the request, and the cooldown with it when R3 or R4 is on. */
inline reverse_geocode() {
    service_request(K_ADDRESS);
#if THROTTLES
    start_timer(T_COOLDOWN, COOLDOWN_MS)
#else
    skip
#endif
}

inline hold_back_center() {
    cancel_timer(T_REGION);
    cancel_request(K_ADDRESS);
    refCenter = region;
    lookupSource = SRC_MAP
}

inline look_up_center() {
    hold_back_center();
    reverse_geocode()
}

inline look_up_held_center() {
    if
    :: refCenter == 0 -> refCenter = region
    :: else -> skip
    fi;
    reverse_geocode()
}

inline resolve_address() {
    address = ADDR_MAIN;
    addressSource = (lookupSource != 0 -> lookupSource : SRC_MAP);
    lookupSource = 0;
    if
    :: error == ERR_GEOCODING -> error = 0
    :: else -> skip
    fi
}

inline fail_lookup() {
    address = 0;
    addressSource = 0;
    lookupSource = 0;
    refCenter = 0;
    error = ERR_GEOCODING
}

inline settle_on_picked_result() {
    cancel_timer(T_REGION);
    cancel_request(K_ADDRESS);
    refCenter = RG_PICKED
}

inline hold_back_location() {
    cancel_timer(T_REGION);
    cancel_request(K_ADDRESS);
    region = RG_LOCATION;
    refCenter = RG_LOCATION;
    lookupSource = SRC_LOCATION
}

inline look_up_location() {
    hold_back_location();
    reverse_geocode()
}

/* ---------------------------------------------------------------------------------------------
 * Actions of the search region (Actions+Search.swift)
 */
inline activate_search() {
    searchOrigin = region;
    resultsMovedMap = false
}

inline cancel_search_work() {
    cancel_timer(T_SEARCH);
    cancel_request(K_COMPLETIONS);
    cancel_request(K_PLACES)
}

inline clear_search(keepError) {
    query = Q_EMPTY;
    compsOf = 0;
    compQ = 0;
    resultsOf = 0;
    heldKind = 0; heldQ = 0; heldRegion = 0;
    if
    :: !(keepError) && (error == ERR_COMPLETIONS || error == ERR_PLACES) -> error = 0
    :: else -> skip
    fi
}

inline clear_query() {
    cancel_search_work();
    clear_search(false)
}

inline edit_query(q) {
    cancel_request(K_COMPLETIONS);
    cancel_request(K_PLACES);
    heldKind = 0; heldQ = 0; heldRegion = 0;
    query = q;
    resultsOf = 0;
    start_timer(T_SEARCH, SEARCH_DEBOUNCE)
}

inline edit_short_query(q) {
    cancel_search_work();
    clear_search(false);
    query = q
}

/* The request a HeldRequest names, sent. */
inline send_search_request(hk, hq) {
    if
    :: (hk) == H_COMPLETIONS ->
        /* completionsOnlyForLongUncachedQueries */
        assert(!IS_SHORT(hq) && !(CACHE > 0 && cacheQ == (hq)));
        service_request(K_COMPLETIONS);
        payComp = hq
    :: else ->
        service_request(K_PLACES);
        payPlaces = hq
    fi
}

/* requestOrHold (R4): sent now, the cooldown starting with it, or held while it runs. */
inline request_or_hold(hk, hq, hr) {
#if SPACES_EVERY
    if
    :: RUNNING(T_COOLDOWN) -> heldKind = hk; heldQ = hq; heldRegion = hr
    :: else ->
        heldKind = 0; heldQ = 0; heldRegion = 0;
        send_search_request(hk, hq);
        start_timer(T_COOLDOWN, COOLDOWN_MS)
    fi
#else
    send_search_request(hk, hq)
#endif
}

inline request_completions() { request_or_hold(H_COMPLETIONS, query, 0) }

inline send_held_request() {
    hk_tmp = heldKind; hq_tmp = heldQ; hr_tmp = heldRegion;
    request_or_hold(hk_tmp, hq_tmp, hr_tmp)
}

inline show_cached_completions() {
    compsOf = cacheOf;      /* the cache's one entry is the query's (R2.cacheHit's guard) */
    compQ = query;
    if
    :: error == ERR_COMPLETIONS -> error = 0
    :: else -> skip
    fi
}

/* showCompletions: `found` is the answer's completions, [] (0) or [TITLE(found)]. */
inline show_completions(found) {
    compsOf = found;
    compQ = query;
    if
    :: error == ERR_COMPLETIONS -> error = 0
    :: else -> skip
    fi;
#if CACHE > 0
    cacheQ = query;         /* a cache of one: the new entry replaces the old */
    cacheOf = found
#else
    skip
#endif
}

inline fail_completions() {
    compsOf = 0;
    compQ = 0;
    error = ERR_COMPLETIONS
}

inline search_completion() {
    hq_tmp = TITLE(compsOf);
    cancel_timer(T_SEARCH);
    cancel_request(K_COMPLETIONS);
    query = hq_tmp;
    request_or_hold(H_PLACES_COMPLETION, hq_tmp, 0)
}

inline search_query() {
    cancel_timer(T_SEARCH);
    cancel_request(K_COMPLETIONS);
    cancel_request(K_PLACES);
    request_or_hold(H_PLACES_TEXT, query, region)
}

/* showPlaces: `found` is the query the answered search searched. */
inline show_places(found) {
    resultsOf = found;
    region = RG_PLACES;
    if
    :: error == ERR_PLACES -> error = 0
    :: else -> skip
    fi;
    resultsMovedMap = true
}

inline show_no_places() {
    resultsOf = 0;
    if
    :: error == ERR_PLACES -> error = 0
    :: else -> skip
    fi
}

inline fail_places() {
    resultsOf = 0;
    error = ERR_PLACES
}

inline pick_result() {
    address = ADDR_PRINCE;
    addressSource = SRC_SEARCH;
    region = RG_PICKED;
    clear_search(true);
    searchOrigin = 0;
    resultsMovedMap = false
}

inline cancel_search() {
    cancel_search_work();
    clear_search(false);
    if
    :: resultsMovedMap && searchOrigin != 0 -> region = searchOrigin
    :: else -> skip
    fi;
    searchOrigin = 0;
    resultsMovedMap = false
}

/* ---------------------------------------------------------------------------------------------
 * Actions of the location region (Actions+Location.swift)
 */
inline store_authorization(s) { authorization = s }

inline alert_refusal(s) {
    authorization = s;
    alert = (authorization == AU_SERVICES_OFF -> AL_SERVICES_OFF : AL_DENIED)
}

inline stop_locating(s) {
    cancel_request(K_LOCATION);
    alert_refusal(s)
}

/* ---------------------------------------------------------------------------------------------
 * Actions of the points-of-interest region (Actions+PointsOfInterest.swift)
 */
inline deselect_category() {
    cancel_request(K_POI);
    category = 0;
    poiPlaces = 0
}

inline select_category(c) {
    category = c;
    request(K_POI);
    payPoi = c
}

inline search_category_again() {
    if
    :: category != 0 -> request(K_POI); payPoi = category
    :: else -> skip
    fi
}

inline fail_points_of_interest() {
    category = 0;
    poiPlaces = 0;
    alert = AL_POI_FAILED
}

/* ---------------------------------------------------------------------------------------------
 * The steps, one inline per event. A finished machine (picker confirmed) ignores every event.
 * Row codes in r_*: 0 is no row.
 */

/* appeared */
inline ev_appeared() {
    if
    :: picker == PK_PICKING ->
        if
        :: !RUNNING(T_COOLDOWN) -> map = MAP_GEOCODING; look_up_center()        /* M7.appeared */
        :: else -> map = MAP_THROTTLED; hold_back_center()                      /* R3.holdBackAppeared */
        fi
    :: else -> skip
    fi
}

/* regionChanged(r, byUser: user) */
inline ev_region_changed(r, user) {
    if
    :: picker == PK_PICKING ->
        /* map */
        if
        :: !(user) -> r_map = 1                                                  /* M1.echo */
        :: (user) && map != MAP_SETTLING && NEAR_REF(r) -> r_map = 2             /* M2.samePlace */
        :: (user) && map != MAP_SETTLING && !NEAR_REF(r) -> r_map = 3            /* M3.moved */
        :: (user) && map == MAP_SETTLING -> r_map = 4                            /* M3.stillMoving */
        fi;
        /* poi: P3.userMovedMap, hasCategoryAndUserMovedMap */
        r_poi = (category != 0 && (user) && (map == MAP_SETTLING || !NEAR_REF(r)));
        if
        :: r_map == 1 || r_map == 2 -> store_region(r)
        :: else -> map = MAP_SETTLING; settle(r)
        fi;
        if
        :: r_poi -> poi = POI_LOADING; search_category_again()                  /* P3.userMovedMap */
        :: else -> skip
        fi
    :: else -> skip
    fi
}

/* searchActivated */
inline ev_search_activated() {
    if
    :: picker == PK_PICKING && search == SR_INACTIVE ->
        search = SR_EDITING; activate_search()                                  /* S1.activate */
    :: else -> skip
    fi
}

/* queryChanged(q): rows of `active`, internal. */
inline ev_query_changed(q) {
    if
    :: picker == PK_PICKING && IN_ACTIVE && (q) != query ->
        if
        :: (q) == Q_EMPTY -> search = SR_EDITING; clear_query()                 /* S3.clear */
        :: (q) != Q_EMPTY && !IS_SHORT(q) -> search = SR_DEBOUNCING; edit_query(q) /* S4.type */
        :: (q) != Q_EMPTY && IS_SHORT(q) -> search = SR_EDITING; edit_short_query(q) /* R1.shortQuery */
        fi
    :: else -> skip
    fi
}

/* searchSubmitted */
inline ev_search_submitted() {
    if
    :: picker == PK_PICKING && IN_ACTIVE && query != Q_EMPTY ->
        search = SR_SEARCHING; search_query()                                   /* C2.submit */
    :: else -> skip
    fi
}

/* completionSelected(i): the completions on screen hold one completion at most. */
inline ev_completion_selected(i) {
    if
    :: picker == PK_PICKING && (i) == 0 && compsOf != 0 &&
       (search == SR_SHOWING_C || search == SR_DEBOUNCING || search == SR_LOADING) ->
        search = SR_SEARCHING; search_completion()                              /* C1.selectCompletion */
    :: else -> skip
    fi
}

/* resultSelected(i): the results hold the two sample places (indexes 0 and 1). */
inline ev_result_selected(i) {
    if
    :: picker == PK_PICKING && search == SR_SHOWING_R && resultsOf != 0 && ((i) == 0 || (i) == 1) ->
        r_poi = (category != 0);                                               /* hasCategoryAndPicksResult */
        map = MAP_IDLE; settle_on_picked_result();                              /* C5.settleMap */
        search = SR_INACTIVE; pick_result();                                    /* C5.pickResult */
        if
        :: r_poi -> poi = POI_LOADING; search_category_again()                  /* P3.resultMovedMap */
        :: else -> skip
        fi
    :: else -> skip
    fi
}

/* searchCancelled */
inline ev_search_cancelled() {
    if
    :: picker == PK_PICKING && IN_ACTIVE ->
        r_poi = (category != 0 && resultsMovedMap);                             /* hasCategoryAndRestoresMap */
        search = SR_INACTIVE; cancel_search();                                  /* C6.cancel */
        if
        :: r_poi -> poi = POI_LOADING; search_category_again()                  /* P3.searchRestoredMap */
        :: else -> skip
        fi
    :: else -> skip
    fi
}

/* locateMeTapped */
inline ev_locate_me_tapped() {
    if
    :: picker == PK_PICKING && location == LOC_IDLE ->
        if
        :: authorization == AU_SERVICES_OFF -> alert = AL_SERVICES_OFF           /* L1.servicesOff */
        :: authorization == AU_DENIED || authorization == AU_RESTRICTED ->
            alert = AL_DENIED                                                   /* L1.denied */
        :: authorization == AU_NOT_DETERMINED ->
            location = LOC_AWAITING; request(K_AUTH)                            /* L1.askPermission */
        :: AUTHORIZED(authorization) ->
            location = LOC_LOCATING; request(K_LOCATION)                        /* L1.locate */
        fi
    :: else -> skip
    fi
}

/* categoryTapped(c) */
inline ev_category_tapped(c) {
    if
    :: picker == PK_PICKING ->
        if
        :: category == (c) -> poi = POI_OFF; deselect_category()                /* P1.deselect */
        :: else -> poi = POI_LOADING; select_category(c)                        /* P1.select */
        fi
    :: else -> skip
    fi
}

/* alertDismissed */
inline ev_alert_dismissed() {
    if
    :: picker == PK_PICKING && alert != 0 -> alert = 0                          /* K1.dismissAlert */
    :: else -> skip
    fi
}

/* confirmTapped: every region's row is chosen before the picker's fires. */
inline ev_confirm_tapped() {
    if
    :: picker == PK_PICKING && address != 0 ->
        picker = PK_CONFIRMED; cancel_everything();                             /* K2.confirm */
        if
        :: location != LOC_IDLE -> location = LOC_IDLE                          /* K2.stopLocating */
        :: else -> skip
        fi;
        if
        :: map != MAP_IDLE -> map = MAP_IDLE                                    /* K2.stopLookup */
        :: else -> skip
        fi;
        if
        :: search == SR_DEBOUNCING || search == SR_LOADING || search == SR_SEARCHING ->
            search = SR_INACTIVE                                                /* K2.stopSearch */
        :: else -> skip
        fi;
        if
        :: poi == POI_LOADING -> poi = POI_OFF                                  /* K2.stopPointsOfInterest */
        :: else -> skip
        fi;
        /* The machine's end cancels whatever still runs (TransitionTable+Step.swift). */
        cancel_everything()
    :: else -> skip
    fi
}

/* authorizationChanged(s) */
inline ev_authorization_changed(s) {
    if
    :: picker == PK_PICKING ->
        if
        :: location != LOC_LOCATING -> store_authorization(s)                   /* L5.store */
        :: location == LOC_LOCATING && AUTHORIZED(s) -> store_authorization(s)  /* L5.keep */
        :: location == LOC_LOCATING && !AUTHORIZED(s) ->
            location = LOC_IDLE; stop_locating(s)                               /* L5.lost */
        fi
    :: else -> skip
    fi
}

/* Timer events: the runtime has taken the timer off the ledger (and the machine is running,
 * since confirming stops every timer). */
inline ev_search_debounce_elapsed() {
    if
    :: search == SR_DEBOUNCING ->
        if
        :: compQ == query -> search = SR_SHOWING_C                              /* S5.reuseCompletions */
        :: compQ != query && CACHE > 0 && cacheQ == query ->
            search = SR_SHOWING_C; show_cached_completions()                    /* R2.cacheHit */
        :: compQ != query && !(CACHE > 0 && cacheQ == query) ->
            search = SR_LOADING; request_completions()                          /* S5.loadCompletions */
        fi
    :: else -> skip
    fi
}

inline ev_region_debounce_elapsed() {
    if
    :: map == MAP_SETTLING && !RUNNING(T_COOLDOWN) -> map = MAP_GEOCODING; look_up_center() /* M4.lookUp */
    :: map == MAP_SETTLING && RUNNING(T_COOLDOWN) -> map = MAP_THROTTLED; hold_back_center() /* R3.holdBack */
    :: else -> skip
    fi
}

inline ev_geocode_cooldown_elapsed() {
    r_map = (map == MAP_THROTTLED && heldKind == 0);                            /* searchHoldsNoRequest */
    r_sr = ((search == SR_LOADING || search == SR_SEARCHING) && heldKind != 0); /* holdsRequest */
    if
    :: r_map -> map = MAP_GEOCODING; look_up_held_center()                      /* R3.cooldownOver */
    :: else -> skip
    fi;
    if
    :: r_sr -> send_held_request()                                              /* R4.sendHeld */
    :: else -> skip
    fi
}

inline fire_timer(t) {
    if
    :: (t) == T_SEARCH -> ev_search_debounce_elapsed()
    :: (t) == T_REGION -> ev_region_debounce_elapsed()
    :: (t) == T_COOLDOWN -> ev_geocode_cooldown_elapsed()
    fi
}

/* Runtime.advance(by: d): the timers due by then fire in deadline order, ties in start order,
 * each as its own step; the others are d nearer their deadlines. */
inline advance(d) {
    adv_left = d;
    do
    :: true ->
        /* The running timer due first within adv_left, the first started among equals. */
        adv_due = 255;
        adv_p = 0;
        do
        :: ((tmr >> adv_p) & 15) == 0 -> break
        :: else ->
            adv_t = ((tmr >> adv_p) & 15) - 1;
            if
            :: rem[adv_t] <= adv_left && (adv_due == 255 || rem[adv_t] < rem[adv_due]) -> adv_due = adv_t
            :: else -> skip
            fi;
            adv_p = adv_p + 4
        od;
        adv_delta = (adv_due == 255 -> adv_left : rem[adv_due]);
        if
        :: RUNNING(T_SEARCH) -> rem[T_SEARCH] = rem[T_SEARCH] - adv_delta
        :: else -> skip
        fi;
        if
        :: RUNNING(T_REGION) -> rem[T_REGION] = rem[T_REGION] - adv_delta
        :: else -> skip
        fi;
        if
        :: RUNNING(T_COOLDOWN) -> rem[T_COOLDOWN] = rem[T_COOLDOWN] - adv_delta
        :: else -> skip
        fi;
        adv_left = adv_left - adv_delta;
        if
        :: adv_due == 255 -> break
        :: else ->
            os_remove(tmr, tmrM, adv_due);
            fire_timer(adv_due)
        fi
    od
}

/* Answers: the runtime takes the request off the ledger and its ghost payload into ans_pay,
 * then the machine steps with the answer (the machine is running: confirming cancels every
 * request). */
inline take_answer(k) {
    os_remove(pend, pendM, k);
    ans_pay = (k == K_COMPLETIONS -> payComp : (k == K_PLACES -> payPlaces : (k == K_POI -> payPoi : 0)));
    clear_payload(k)
}

/* completions(list): found is 1 for the sample's one completion, 0 for []. */
inline ans_completions(found) {
    take_answer(K_COMPLETIONS);
    if
    :: search == SR_LOADING ->
        ans_pay = (found -> ans_pay : 0);
        search = SR_SHOWING_C; show_completions(ans_pay)                        /* S6.completions */
    :: else -> skip
    fi
}

inline ans_completions_failed() {
    take_answer(K_COMPLETIONS);
    if
    :: search == SR_LOADING -> search = SR_SHOWING_C; fail_completions()       /* S7.completionsFailed */
    :: else -> skip
    fi
}

/* places(answer): found is 1 for the two sample places, 0 for none. */
inline ans_places(found) {
    take_answer(K_PLACES);
    r_poi = (category != 0 && found);                                          /* hasCategoryAndFoundPlaces */
    if
    :: search == SR_SEARCHING && found -> search = SR_SHOWING_R; show_places(ans_pay) /* C3.places */
    :: search == SR_SEARCHING && !found -> search = SR_SHOWING_R; show_no_places() /* C4.noPlaces */
    :: else -> skip
    fi;
    if
    :: r_poi -> poi = POI_LOADING; search_category_again()                      /* P3.placesMovedMap */
    :: else -> skip
    fi
}

inline ans_places_failed() {
    take_answer(K_PLACES);
    if
    :: search == SR_SEARCHING -> search = SR_SHOWING_R; fail_places()           /* C4.placesFailed */
    :: else -> skip
    fi
}

inline ans_address() {
    take_answer(K_ADDRESS);
    if
    :: map == MAP_GEOCODING -> map = MAP_IDLE; resolve_address()                /* M5.resolved */
    :: else -> skip
    fi
}

inline ans_address_failed() {
    take_answer(K_ADDRESS);
    if
    :: map == MAP_GEOCODING -> map = MAP_IDLE; fail_lookup()                    /* M6.failed */
    :: else -> skip
    fi
}

/* authorization(s) */
inline ans_authorization(s) {
    take_answer(K_AUTH);
    if
    :: location == LOC_AWAITING ->
        if
        :: AUTHORIZED(s) ->
            location = LOC_LOCATING; store_authorization(s); request(K_LOCATION) /* L2.granted */
        :: (s) == AU_DENIED || (s) == AU_RESTRICTED ->
            location = LOC_IDLE; alert_refusal(s)                               /* L2.denied */
        :: (s) == AU_SERVICES_OFF -> location = LOC_IDLE; alert_refusal(s)       /* L2.servicesOff */
        :: (s) == AU_NOT_DETERMINED -> location = LOC_IDLE; store_authorization(s) /* L2.undetermined */
        fi
    :: else -> skip
    fi
}

inline ans_authorization_failed() {
    take_answer(K_AUTH);
    if
    :: location == LOC_AWAITING -> location = LOC_IDLE; alert = AL_LOCATION_FAILED /* L2.failed */
    :: else -> skip
    fi
}

/* location(the sample coordinate): three regions react; guards see the state before. */
inline ans_location() {
    take_answer(K_LOCATION);
    r_map = !RUNNING(T_COOLDOWN);                                               /* isCooledDown */
    r_poi = (category != 0);                                                    /* hasCategory */
    if
    :: location == LOC_LOCATING -> location = LOC_IDLE                          /* L3.located */
    :: else -> skip
    fi;
    if
    :: r_map -> map = MAP_GEOCODING; look_up_location()                         /* L3.lookUpLocation */
    :: else -> map = MAP_THROTTLED; hold_back_location()                        /* R3.holdBackLocation */
    fi;
    if
    :: r_poi -> poi = POI_LOADING; search_category_again()                      /* P3.locationMovedMap */
    :: else -> skip
    fi
}

inline ans_location_failed() {
    take_answer(K_LOCATION);
    if
    :: location == LOC_LOCATING -> location = LOC_IDLE; alert = AL_LOCATION_FAILED /* L4.failed */
    :: else -> skip
    fi
}

inline ans_points_of_interest() {
    take_answer(K_POI);
    if
    :: poi == POI_LOADING -> poi = POI_SHOWING; poiPlaces = ans_pay             /* P2.loaded */
    :: else -> skip
    fi
}

inline ans_points_of_interest_failed() {
    take_answer(K_POI);
    if
    :: poi == POI_LOADING -> poi = POI_OFF; fail_points_of_interest()           /* P2.failed */
    :: else -> skip
    fi
}

/* A late answer to the newest cancelled, unanswered request of kind k: the runtime records it
 * and drops it; the machine takes no step, so nothing changes but the books. */
inline late_answer(k) {
    late = late & ~(1 << (k))
}

/* ---------------------------------------------------------------------------------------------
 * Invariants (Invariants.swift and the standard ones), checked after every input.
 */
inline inv_state() {
    /* address/completions/places/authorization/location/pointsOfInterest in flight exactly
     * when ... (Invariant.request and searchRequest) */
    assert(PENDING(K_ADDRESS) == (map == MAP_GEOCODING));
    assert(PENDING(K_COMPLETIONS) == (search == SR_LOADING && heldKind == 0));
    assert(PENDING(K_PLACES) == (search == SR_SEARCHING && heldKind == 0));
    assert(PENDING(K_AUTH) == (location == LOC_AWAITING));
    assert(PENDING(K_LOCATION) == (location == LOC_LOCATING));
    assert(PENDING(K_POI) == (poi == POI_LOADING));
    /* searchDebounce / regionDebounce runs exactly when ... (Invariant.timer) */
    assert(RUNNING(T_SEARCH) == (search == SR_DEBOUNCING));
    assert(RUNNING(T_REGION) == (map == MAP_SETTLING));
    /* a running timer has time left; a stopped one is zero */
    assert(RUNNING(T_SEARCH) == (rem[T_SEARCH] > 0) && RUNNING(T_REGION) == (rem[T_REGION] > 0)
           && RUNNING(T_COOLDOWN) == (rem[T_COOLDOWN] > 0));
    /* a finished machine runs nothing (standard) */
    assert(picker == PK_PICKING || (tmrM == 0 && pendM == 0));
    /* throttledOnlyWhileCoolingDown (R3) */
    assert(map != MAP_THROTTLED || (RUNNING(T_COOLDOWN) && refCenter != 0));
    /* noSearchWorkForShortQueries (R1) */
    assert(!(search == SR_DEBOUNCING || search == SR_LOADING) || !IS_SHORT(query));
    /* cacheWithinCapacity (R2) */
    assert(CACHE > 0 || cacheQ == 0);
    /* heldRequestWaitsForTheCooldown (R4) */
    assert(heldKind == 0 || picker == PK_CONFIRMED ||
           (RUNNING(T_COOLDOWN) &&
            (heldKind == H_COMPLETIONS -> (search == SR_LOADING && !PENDING(K_COMPLETIONS))
                                        : (search == SR_SEARCHING && !PENDING(K_PLACES)))));
    /* shownAnswersMatchTheQuery: no late answer overwrites a newer one. The completions on
     * screen are the current query's, and so are the results. */
    assert(!(search == SR_SHOWING_C && compsOf != 0) || (compQ == query && compsOf == query));
    assert(resultsOf == 0 || resultsOf == query);
    /* The request in flight asked for what the context holds now: an answer to it applies to
     * the current query and category (what lets the machine apply answers without checking). */
    assert((PENDING(K_COMPLETIONS) -> payComp == query : payComp == 0));
    assert((PENDING(K_PLACES) -> payPlaces == query : payPlaces == 0));
    assert((PENDING(K_POI) -> payPoi == category : payPoi == 0));
    /* An address has a source, and only an address has one. */
    assert((address == 0) == (addressSource == 0));
    /* The points of interest shown are the selected category's. */
    assert(poi != POI_SHOWING || poiPlaces == category);
    /* The cache holds the answers to its query (R2). */
    assert(cacheOf == 0 || cacheOf == cacheQ)
}

/* ---------------------------------------------------------------------------------------------
 * The environment: every input `verify` tries, one atomic step each.
 */
#define ADV_OK_0   RUNNING(0)
#define ADV_OK_1   RUNNING(0)
#define ADV_OK_2   (RUNNING(1) && !(RUNNING(0) && (rem[1] == rem[0] || rem[1] == rem[0] - 1)))
#define ADV_OK_3   (RUNNING(1) && !(RUNNING(0) && (rem[1] - 1 == rem[0] || rem[1] == rem[0])))
#define ADV_OK_4   (RUNNING(2) && !(RUNNING(0) && (rem[2] == rem[0] || rem[2] == rem[0] - 1)) \
                               && !(RUNNING(1) && (rem[2] == rem[1] || rem[2] == rem[1] - 1)))
#define ADV_OK_5   (RUNNING(2) && !(RUNNING(0) && (rem[2] - 1 == rem[0] || rem[2] == rem[0])) \
                               && !(RUNNING(1) && (rem[2] - 1 == rem[1] || rem[2] == rem[1])))

active proctype environment() {
    do
    /* The 27 sample host events (AddressPickerSamples.events, out-of-range indexes included). */
    :: d_step { ev_appeared(); inv_state(); end_input() }
    :: d_step { ev_region_changed(RG_FAR, true); inv_state(); end_input() }
    :: d_step { ev_region_changed(RG_NUDGE, true); inv_state(); end_input() }
    :: d_step { ev_region_changed(RG_ECHO, false); inv_state(); end_input() }
    :: d_step { ev_search_activated(); inv_state(); end_input() }
    :: d_step { ev_query_changed(Q_APPLE); inv_state(); end_input() }
    :: d_step { ev_query_changed(Q_PEAR); inv_state(); end_input() }
    :: d_step { ev_query_changed(Q_AP); inv_state(); end_input() }
    :: d_step { ev_query_changed(Q_EMPTY); inv_state(); end_input() }
    :: d_step { ev_search_submitted(); inv_state(); end_input() }
    :: d_step { ev_completion_selected(0); inv_state(); end_input() }
    :: d_step { ev_result_selected(0); inv_state(); end_input() }
    :: d_step { ev_search_cancelled(); inv_state(); end_input() }
    :: d_step { ev_locate_me_tapped(); inv_state(); end_input() }
    :: d_step { ev_category_tapped(CAT_CAFE); inv_state(); end_input() }
    :: d_step { ev_category_tapped(CAT_PARK); inv_state(); end_input() }
    :: d_step { ev_alert_dismissed(); inv_state(); end_input() }
    :: d_step { ev_confirm_tapped(); inv_state(); end_input() }
    :: d_step { ev_authorization_changed(AU_NOT_DETERMINED); inv_state(); end_input() }
    :: d_step { ev_authorization_changed(AU_DENIED); inv_state(); end_input() }
    :: d_step { ev_authorization_changed(AU_RESTRICTED); inv_state(); end_input() }
    :: d_step { ev_authorization_changed(AU_WHEN_IN_USE); inv_state(); end_input() }
    :: d_step { ev_authorization_changed(AU_ALWAYS); inv_state(); end_input() }
    :: d_step { ev_authorization_changed(AU_SERVICES_OFF); inv_state(); end_input() }
    :: d_step { ev_completion_selected(1); inv_state(); end_input() }
    :: d_step { ev_result_selected(2); inv_state(); end_input() }
    :: d_step { ev_result_selected(-1); inv_state(); end_input() }

    /* Every sample answer to each request in flight (AddressPickerSamples.answers(to:)). */
    :: d_step { PENDING(K_COMPLETIONS) -> ans_completions(1); inv_state(); end_input() }
    :: d_step { PENDING(K_COMPLETIONS) -> ans_completions(0); inv_state(); end_input() }
    :: d_step { PENDING(K_COMPLETIONS) -> ans_completions_failed(); inv_state(); end_input() }
    :: d_step { PENDING(K_PLACES) -> ans_places(1); inv_state(); end_input() }
    :: d_step { PENDING(K_PLACES) -> ans_places(0); inv_state(); end_input() }
    :: d_step { PENDING(K_PLACES) -> ans_places_failed(); inv_state(); end_input() }
    :: d_step { PENDING(K_ADDRESS) -> ans_address(); inv_state(); end_input() }
    :: d_step { PENDING(K_ADDRESS) -> ans_address_failed(); inv_state(); end_input() }
    :: d_step { PENDING(K_AUTH) -> ans_authorization(AU_NOT_DETERMINED); inv_state(); end_input() }
    :: d_step { PENDING(K_AUTH) -> ans_authorization(AU_DENIED); inv_state(); end_input() }
    :: d_step { PENDING(K_AUTH) -> ans_authorization(AU_RESTRICTED); inv_state(); end_input() }
    :: d_step { PENDING(K_AUTH) -> ans_authorization(AU_WHEN_IN_USE); inv_state(); end_input() }
    :: d_step { PENDING(K_AUTH) -> ans_authorization(AU_ALWAYS); inv_state(); end_input() }
    :: d_step { PENDING(K_AUTH) -> ans_authorization(AU_SERVICES_OFF); inv_state(); end_input() }
    :: d_step { PENDING(K_AUTH) -> ans_authorization_failed(); inv_state(); end_input() }
    :: d_step { PENDING(K_LOCATION) -> ans_location(); inv_state(); end_input() }
    :: d_step { PENDING(K_LOCATION) -> ans_location_failed(); inv_state(); end_input() }
    :: d_step { PENDING(K_POI) -> ans_points_of_interest(); inv_state(); end_input() }
    :: d_step { PENDING(K_POI) -> ans_points_of_interest_failed(); inv_state(); end_input() }

    /* The same answers, late: to a cancelled request of the kind, not answered yet. */
    :: d_step { LATE(K_COMPLETIONS) -> late_answer(K_COMPLETIONS); end_input() }  /* completions([...]) */
    :: d_step { LATE(K_COMPLETIONS) -> late_answer(K_COMPLETIONS); end_input() }  /* completions([]) */
    :: d_step { LATE(K_COMPLETIONS) -> late_answer(K_COMPLETIONS); end_input() }  /* completionsFailed */
    :: d_step { LATE(K_PLACES) -> late_answer(K_PLACES); end_input() }            /* places(two) */
    :: d_step { LATE(K_PLACES) -> late_answer(K_PLACES); end_input() }            /* places(none) */
    :: d_step { LATE(K_PLACES) -> late_answer(K_PLACES); end_input() }            /* placesFailed */
    :: d_step { LATE(K_ADDRESS) -> late_answer(K_ADDRESS); end_input() }          /* address */
    :: d_step { LATE(K_ADDRESS) -> late_answer(K_ADDRESS); end_input() }          /* addressFailed */
    :: d_step { LATE(K_AUTH) -> late_answer(K_AUTH); end_input() }                /* authorization(notDetermined) */
    :: d_step { LATE(K_AUTH) -> late_answer(K_AUTH); end_input() }                /* authorization(denied) */
    :: d_step { LATE(K_AUTH) -> late_answer(K_AUTH); end_input() }                /* authorization(restricted) */
    :: d_step { LATE(K_AUTH) -> late_answer(K_AUTH); end_input() }                /* authorization(authorizedWhenInUse) */
    :: d_step { LATE(K_AUTH) -> late_answer(K_AUTH); end_input() }                /* authorization(authorizedAlways) */
    :: d_step { LATE(K_AUTH) -> late_answer(K_AUTH); end_input() }                /* authorization(servicesOff) */
    :: d_step { LATE(K_AUTH) -> late_answer(K_AUTH); end_input() }                /* authorizationFailed */
    :: d_step { LATE(K_LOCATION) -> late_answer(K_LOCATION); end_input() }        /* location */
    :: d_step { LATE(K_LOCATION) -> late_answer(K_LOCATION); end_input() }        /* locationFailed */
    :: d_step { LATE(K_POI) -> late_answer(K_POI); end_input() }                  /* pointsOfInterest */
    :: d_step { LATE(K_POI) -> late_answer(K_POI); end_input() }                  /* pointsOfInterestFailed */

    /* Advances of the clock to each running timer's deadline and to a millisecond before it,
     * each distinct amount once: the candidates are, in this order, searchDebounce's time left
     * and one less, regionDebounce's, geocodeCooldown's; ADV_OK_n drops a repeat. */
    :: d_step { ADV_OK_0 -> advance(rem[0]); inv_state(); end_input() }
    :: d_step { ADV_OK_1 -> advance(rem[0] - 1); inv_state(); end_input() }
    :: d_step { ADV_OK_2 -> advance(rem[1]); inv_state(); end_input() }
    :: d_step { ADV_OK_3 -> advance(rem[1] - 1); inv_state(); end_input() }
    :: d_step { ADV_OK_4 -> advance(rem[2]); inv_state(); end_input() }
    :: d_step { ADV_OK_5 -> advance(rem[2] - 1); inv_state(); end_input() }
    od
}
