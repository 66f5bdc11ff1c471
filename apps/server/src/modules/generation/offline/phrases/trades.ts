/**
 * The trades the offline writers know: their usual services and one trade-specific FAQ, each
 * written as a "Title: description" or "Question? Answer" line.
 *
 * Safe edits: adding a trade, rewording a line, adding a service line (a page lists at most
 * 12). A `match` decides which trade a project's service type falls under, first match wins,
 * so a new trade's pattern must not catch an existing trade's service types. Guarded by
 * apps/server/test/offline-writer.test.ts and offline-city-writer.test.ts (sibling pages
 * stay under SIMILARITY_THRESHOLD).
 */

export type Trade = {
  match: RegExp;
  /** Mid-sentence form: "plumbing", "HVAC", "garage door". */
  noun: string;
  services: readonly string[];
  faq: string;
};

export const TRADES: readonly Trade[] = [
  {
    match: /plumb/i,
    noun: 'plumbing',
    services: [
      'Emergency Plumbing Repair: Burst pipes, major leaks and backed-up lines handled fast, with the water stopped first and the damage kept small.',
      'Drain Cleaning: Slow or blocked sinks, showers, toilets and main lines cleared properly, not just pushed further down the pipe.',
      'Water Heater Installation: Tank and tankless water heaters sized to your household, installed to code and tested before we leave.',
      'Leak Detection and Repair: Hidden leaks in walls, floors and ceilings traced with minimal disruption and repaired at the source.',
      'Fixture Installation: Faucets, toilets, sinks and showers fitted neatly, sealed properly and checked for leaks.',
      'Sewer Line Repair: A camera inspection to find the real problem, then clear repair options before any digging starts.',
    ],
    faq: 'What counts as a plumbing emergency? Burst pipes, water coming through a ceiling, sewage backing up and no water at all are emergencies. Turn off the main water valve if you can do so safely, then call us straight away.',
  },
  {
    match: /hvac|heating|cooling|air ?condition|furnace/i,
    noun: 'HVAC',
    services: [
      'AC Repair: Warm air, strange noises or a system that will not start, diagnosed properly and fixed with the right parts.',
      'Furnace Repair: No heat, short cycling or a noisy furnace traced to the cause and repaired safely.',
      'Heating and Cooling Installation: New systems sized to your home, installed cleanly and set up to run efficiently from day one.',
      'Seasonal Maintenance: A thorough tune-up before summer and winter that catches worn parts before they fail.',
      'Heat Pump Service: Installation, repair and servicing of heat pumps for year-round comfort at lower running costs.',
      'Indoor Air Quality: Filtration, ventilation and humidity solutions for cleaner, more comfortable air at home.',
    ],
    faq: 'How often should my heating and cooling be serviced? Once a year for each system is a good rule: cooling in spring and heating in autumn. Regular servicing keeps efficiency up and catches small faults before they turn into breakdowns.',
  },
  {
    match: /electric/i,
    noun: 'electrical',
    services: [
      'Electrical Repairs: Dead outlets, tripping breakers and flickering lights traced to the fault and repaired safely.',
      'Panel Upgrades: Older or overloaded panels replaced so your home can safely power what you use today.',
      'Lighting Installation: Indoor, outdoor and recessed lighting planned with you and installed neatly.',
      'EV Charger Installation: Home charging points installed on a suitable circuit, tested and ready to use.',
      'Outlets and Switches: New, moved and upgraded outlets and switches, including GFCI and USB outlets.',
      'Electrical Safety Inspections: A room-by-room check of wiring, panels and outlets with a clear written summary.',
    ],
    faq: 'When should I call an electrician right away? Burning smells, warm or sparking outlets, breakers that keep tripping and lights flickering across several rooms all need prompt attention. Switch off the affected circuit if it is safe to do so and call us.',
  },
  {
    match: /roof/i,
    noun: 'roofing',
    services: [
      'Roof Repair: Leaks, missing shingles and damaged flashing repaired properly so the problem does not come back.',
      'Roof Replacement: Complete tear-off and replacement with quality materials, a clean site and a careful final inspection.',
      'Storm Damage Repair: Fast temporary protection after a storm, followed by a lasting repair and clear photos of the damage.',
      'Roof Inspections: A thorough look at your roof with photos and honest advice on what needs attention now.',
      'Gutter Installation: Seamless gutters and downspouts that carry water safely away from your roof and foundations.',
    ],
    faq: 'Should I repair or replace my roof? It depends on the age of the roof, how widespread the damage is and how often it has needed work. We inspect first and show you what we found, so you can decide with the facts in front of you.',
  },
  {
    match: /landscap|lawn|garden|yard/i,
    noun: 'landscaping',
    services: [
      'Lawn Care and Mowing: Regular mowing, edging and feeding that keeps your lawn healthy and tidy all season.',
      'Landscape Design: Outdoor spaces planned around how you use them, your soil, your light and your budget.',
      'Planting and Garden Beds: Shrubs, perennials and beds planted in the right place so they thrive for years.',
      'Patios and Hardscaping: Patios, paths and retaining walls built on a solid base to last.',
      'Irrigation Systems: Efficient watering systems installed, repaired and adjusted for each season.',
      'Seasonal Cleanups: Spring and autumn cleanups that clear leaves and debris and prepare your garden for what comes next.',
    ],
    faq: 'How often should my lawn be mowed? During the growing season most lawns look best mowed about once a week, taking no more than a third of the blade at a time. We suggest a schedule that suits your grass and your budget.',
  },
  {
    match: /clean|maid|janitor/i,
    noun: 'cleaning',
    services: [
      'Regular House Cleaning: Weekly or fortnightly cleaning that keeps your home consistently fresh, to a checklist you agree.',
      'Deep Cleaning: A top-to-bottom clean of the places routine cleaning misses, from baseboards to inside appliances.',
      'Move-In and Move-Out Cleaning: Empty homes cleaned thoroughly for handover, new tenants or a fresh start.',
      'Office Cleaning: Reliable cleaning for workplaces, scheduled around your business hours.',
      'Post-Construction Cleaning: Dust and debris removed after building work so the space is ready to use.',
    ],
    faq: 'Do I need to be home while you clean? No. Many clients arrange access and get on with their day. We agree entry and lock-up details beforehand and let you know when we are finished.',
  },
  {
    match: /pest|extermin|termite/i,
    noun: 'pest control',
    services: [
      'General Pest Control: Ants, roaches, spiders and other common pests treated at the source, inside and out.',
      'Termite Treatment: Inspection and targeted treatment to stop termites and protect the structure of your home.',
      'Rodent Control: Mice and rats removed, entry points found and sealed so they do not come back.',
      'Bed Bug Treatment: Thorough treatment with clear preparation steps and follow-up checks.',
      'Mosquito Control: Yard treatments and breeding-site advice for more comfortable time outdoors.',
    ],
    faq: 'Are your treatments safe for children and pets? We explain every product we use and how long to keep children and pets away from treated areas, and we choose targeted treatments wherever they do the job.',
  },
  {
    match: /paint/i,
    noun: 'painting',
    services: [
      'Interior Painting: Walls, ceilings and trim painted with careful preparation, clean lines and furniture protected.',
      'Exterior Painting: Weather-ready finishes with proper scraping, repairs and priming first.',
      'Cabinet Painting: Kitchen and bathroom cabinets refreshed with a durable, smooth finish.',
      'Drywall Repair: Cracks, holes and water damage repaired and blended in before painting.',
      'Deck and Fence Staining: Decks and fences cleaned, stained and sealed against sun and rain.',
    ],
    faq: 'How soon can I use a freshly painted room? Most interior paints are dry to the touch within a few hours, and a room is usually usable the same day. We tell you what to expect for the products chosen for your job.',
  },
  {
    match: /locksmith|\blocks?\b/i,
    noun: 'locksmith',
    services: [
      'Emergency Lockout Service: Locked out of your home, business or car? We get you back in with minimal damage.',
      'Lock Replacement and Rekeying: New locks or rekeyed existing ones after a move, a lost key or a break-in.',
      'Smart Lock Installation: Keyless and app-controlled locks fitted and set up with you.',
      'Car Key Replacement: Replacement keys and fobs cut and programmed for most makes.',
      'Commercial Locks and Access Control: Master key systems and access control for offices, shops and rentals.',
    ],
    faq: 'Can you open a lock without damaging it? In most cases, yes. We use non-destructive entry methods first and only drill a lock as a last resort, after telling you and agreeing the cost of a replacement.',
  },
  {
    match: /garage/i,
    noun: 'garage door',
    services: [
      'Garage Door Repair: Doors that stick, jam, sag or make grinding noises repaired safely.',
      'Spring Replacement: Broken torsion and extension springs replaced with correctly rated parts.',
      'Opener Installation: Quiet, reliable openers installed and set up with safety sensors tested.',
      'New Garage Doors: Insulated and decorative doors measured, supplied and fitted.',
      'Garage Door Maintenance: Lubrication, balancing and safety checks that extend the life of your door.',
    ],
    faq: 'Can I replace a garage door spring myself? We strongly advise against it. Springs hold a lot of tension and can cause serious injury when released. Leave the door closed and call us to replace it safely.',
  },
  {
    match: /tree|arbor/i,
    noun: 'tree care',
    services: [
      'Tree Removal: Dangerous, dead or unwanted trees taken down safely, in sections where space is tight.',
      'Tree Trimming and Pruning: Pruning that improves health, shape and clearance without harming the tree.',
      'Stump Grinding: Stumps ground below ground level so the area can be replanted or turfed.',
      'Storm Cleanup: Fallen trees and broken limbs cleared quickly and safely after storms.',
      'Tree Health Assessments: A close look at disease, decay and structural risks, with honest advice.',
    ],
    faq: 'Do I need permission to remove a tree? Some trees are protected by local rules. We can tell you what usually applies where you live and help you check before any work is booked.',
  },
];

// For trades not in the catalogue. Activity nouns ("Window Cleaning") read badly with
// "Repair" or "Installation" appended, so they get their own patterns. {T} is the trade in
// heading form ("Window Washing"), {t} mid-sentence ("window washing").
export const GENERIC_SERVICES: readonly string[] = [
  '{T} Repair: Diagnosis and repair of {t} problems, with the cause explained and the price agreed before work starts.',
  '{T} Installation: New {t} work installed carefully, to the manufacturer’s instructions, and checked with you before we leave.',
  '{T} Maintenance: Regular {t} maintenance that catches small problems early and keeps everything working as it should.',
  'Emergency {T} Service: Urgent {t} problems answered quickly, with anything unsafe made safe first.',
  'Residential {T}: {T} for homeowners, done tidily and with respect for your home.',
  'Commercial {T}: {T} for offices, shops and rental properties, scheduled around your business hours.',
];
export const ACTIVITY_SERVICES: readonly string[] = [
  'Residential {T}: {T} for homeowners, done carefully and to the standard you expect in your own home.',
  'Commercial {T}: {T} for offices, shops and rental properties, scheduled around your business hours.',
  'Emergency {T}: Urgent {t} jobs answered quickly, with anything unsafe dealt with first.',
  'Scheduled {T}: Regular {t} visits on a schedule that suits you, so nothing is left until it becomes a problem.',
  '{T} Consultations: An honest look at what you need, with options and prices explained before you commit.',
];
