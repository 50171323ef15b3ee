/**
 * Word lists for the demo data: Pakistani names, occupations and complaint texts.
 * Plain data only; demo.ts picks from these with a seeded PRNG so every run is identical.
 */

export const MALE_FIRST_NAMES = [
  'Ahmed',
  'Bilal',
  'Usman',
  'Hamza',
  'Ali',
  'Hassan',
  'Hussain',
  'Imran',
  'Kamran',
  'Faisal',
  'Asad',
  'Saad',
  'Umar',
  'Zeeshan',
  'Adnan',
  'Waqas',
  'Junaid',
  'Tariq',
  'Shahid',
  'Naveed',
  'Farhan',
  'Danish',
  'Fahad',
  'Rizwan',
  'Salman',
  'Yasir',
  'Nadeem',
  'Arslan',
  'Haris',
  'Talha',
  'Owais',
  'Sohail',
  'Aamir',
  'Babar',
  'Ehsan',
  'Irfan',
  'Khurram',
  'Mohsin',
  'Noman',
  'Shoaib',
] as const;

export const FEMALE_FIRST_NAMES = [
  'Ayesha',
  'Fatima',
  'Hira',
  'Zainab',
  'Maryam',
  'Sana',
  'Amna',
  'Mahnoor',
  'Iqra',
  'Rabia',
  'Sadia',
  'Nida',
  'Saba',
  'Mehwish',
  'Sidra',
  'Kiran',
  'Hina',
  'Anam',
  'Bushra',
  'Farah',
  'Noor',
  'Aiman',
  'Areeba',
  'Laiba',
  'Javeria',
  'Rida',
  'Uzma',
  'Samina',
  'Nazia',
  'Shazia',
  'Tahira',
  'Rukhsana',
  'Maham',
  'Alina',
  'Komal',
  'Sobia',
  'Asma',
  'Huma',
  'Lubna',
  'Saima',
] as const;

export const SURNAMES = [
  'Khan',
  'Malik',
  'Qureshi',
  'Chaudhry',
  'Butt',
  'Siddiqui',
  'Sheikh',
  'Raza',
  'Javed',
  'Abbasi',
  'Ahmed',
  'Hussain',
  'Iqbal',
  'Aslam',
  'Mirza',
  'Shah',
  'Bhatti',
  'Rana',
  'Awan',
  'Gill',
  'Hashmi',
  'Naqvi',
  'Rizvi',
  'Zaidi',
  'Mughal',
  'Baig',
  'Anwar',
  'Yousaf',
  'Farooq',
  'Akhtar',
] as const;

export const DESIGNATIONS = [
  'Engineer',
  'Teacher',
  'Doctor',
  'Banker',
  'Shopkeeper',
  'Accountant',
  'Lawyer',
  'Pharmacist',
  'Software Developer',
  'Civil Servant',
  'Businessman',
  'Nurse',
  'Architect',
  'Professor',
  'Sales Manager',
  'Chartered Accountant',
  'Government Officer',
  'Housewife',
  'Journalist',
  'Contractor',
] as const;

/**
 * Staff names, one per account: 16 per society plus the guard. Fixed (not random) so the
 * sign-in list printed at start-up always shows the same people.
 */
export const STAFF_NAMES = {
  gv: [
    'Imran Qureshi',
    'Dr. Sadia Rehman',
    'Waseem Akram Butt',
    'Nasir Mehmood',
    'Farhat Abbas',
    'Shazia Malik',
    'Kashif Javed',
    'Rubina Siddiqui',
    'Tanveer Ahmed',
    'Asif Iqbal',
    'Zubair Chaudhry',
    'Mehreen Sheikh',
    'Adeel Raza',
    'Saima Hashmi',
    'Jawad Mirza',
    'Khalid Mehmood Abbasi',
  ],
  lc: [
    'Aftab Hussain',
    'Dr. Naila Kazmi',
    'Shakeel Anjum',
    'Qaiser Abbas',
    'Rehana Yousaf',
    'Muneeb Akhtar',
    'Sajid Gill',
    'Nargis Baig',
    'Zafar Iqbal Awan',
    'Amjad Farooq',
    'Nabeel Rana',
    'Fozia Naqvi',
    'Atif Aslam Bhatti',
    'Samreen Zaidi',
    'Omer Mughal',
    'Pervaiz Anwar',
  ],
  guard: 'Ghulam Rasool',
} as const;

/** Where a complaint is about; complaint texts may mention the resident's own address. */
export interface Where {
  house: string;
  street: string;
  block: string;
}

/** A complaint text and the response staff would write when resolving it. */
export interface ComplaintTemplate {
  text: (w: Where) => string;
  response: string;
}

export const COMPLAINT_TEMPLATES: readonly ComplaintTemplate[] = [
  {
    text: (w) => `Water leakage from the main supply line outside house ${w.house}, ${w.street}. The road is flooded since morning.`,
    response: 'Plumber replaced the cracked joint on the main line and the road has been cleared.',
  },
  {
    text: (w) => `Streetlight not working on ${w.street}, ${w.block} for the last three nights. It is completely dark after Maghrib.`,
    response: 'Electrician replaced the fused bulb and the faulty choke; the streetlight is working again.',
  },
  {
    text: (w) => `Garbage has not been collected from ${w.street} for two days and it has started to smell.`,
    response: 'Sanitation team collected the garbage and the pick-up schedule for your street has been restored.',
  },
  {
    text: (w) => `Noisy neighbours near house ${w.house} playing loud music past midnight every weekend.`,
    response: 'Security spoke to the residents concerned and reminded them of the society quiet hours (11 pm to 7 am).',
  },
  {
    text: (w) => `Boundary wall behind ${w.block} is broken near the nullah; anyone can walk in from outside.`,
    response: 'The broken section of the boundary wall has been rebuilt and a guard patrol added until the plaster cures.',
  },
  {
    text: (w) => `Gas pressure very low at house ${w.house}, ${w.street} in the mornings, cannot cook breakfast.`,
    response: 'Reported to SNGPL; the regulator at the block entrance was serviced and pressure is back to normal.',
  },
  {
    text: (w) => `The park in ${w.block} needs maintenance: swings are broken and the grass has not been cut in weeks.`,
    response: 'Gardeners mowed the park and the two broken swings have been repaired.',
  },
  {
    text: (w) => `Stray dogs roaming on ${w.street} at night, children are scared to go out.`,
    response: 'The municipal animal control team was called and the dogs have been removed from the area.',
  },
  {
    text: (w) => `A car is parked in front of my gate at house ${w.house} every evening and I cannot take my car out.`,
    response: 'The vehicle owner was identified and asked to use the visitor parking; security will check daily.',
  },
  {
    text: (w) => `Sewerage overflowing at the corner of ${w.street}, ${w.block}. Dirty water is entering houses.`,
    response: 'The blocked sewer line was cleaned with the suction machine and the manhole cover replaced.',
  },
  {
    text: (w) => `Electricity fluctuation in ${w.block} is damaging appliances, my fridge stabiliser burnt yesterday.`,
    response: 'The overloaded transformer was balanced by WAPDA staff; voltage is stable now.',
  },
  {
    text: (w) => `Potholes on ${w.street} after the rain, two motorbikes have already slipped.`,
    response: 'The potholes have been filled and the patch compacted; a full carpeting is planned for next month.',
  },
  {
    text: () => 'Main gate barrier is stuck open and the guard is not checking visitor cards.',
    response: 'The barrier motor was repaired and guards have been briefed on visitor card checks.',
  },
  {
    text: (w) => `Construction material dumped on the road near house ${w.house}, ${w.street} for a week, blocking traffic.`,
    response: 'The owner was served a notice and the material has been moved inside the plot.',
  },
  {
    text: (w) => `No water supply at house ${w.house} since yesterday evening, the overhead tank is empty.`,
    response: 'The tube-well motor was rewound and supply has been restored; a tanker was sent meanwhile.',
  },
  {
    text: (w) => `Mosquitoes have increased a lot in ${w.block}, please arrange fumigation.`,
    response: 'Fumigation was carried out across the block and stagnant water points were drained.',
  },
  {
    text: () => 'The community centre washrooms are dirty and the taps are leaking.',
    response: 'Washrooms deep-cleaned and the leaking taps replaced.',
  },
  {
    text: (w) => `Tree branches touching the electric wires on ${w.street}, sparks seen during the wind storm.`,
    response: 'Horticulture team trimmed the branches in coordination with WAPDA; the line is clear.',
  },
  {
    text: (w) => `Speed breaker missing near the school on ${w.street}, cars come very fast.`,
    response: 'A new speed breaker with warning paint has been installed near the school gate.',
  },
  {
    text: () => 'Mosque loudspeaker volume is very high, please request to lower it for the sick and elderly.',
    response: 'The mosque committee agreed to lower the external speaker volume outside prayer calls.',
  },
];
