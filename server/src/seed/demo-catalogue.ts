// The ORIGINAL demo catalogue: invented audio figures (no real products, no real series), so a
// fresh install has a browsable, rated catalogue without importing anything. Covers are drawn by
// the app itself (server/src/http/demo-covers.ts) at /media/demo-covers/{article}.svg.
import type { TonieCategory } from '@tonieshelf/shared/constants';
import { ageTag, factsSentence, languageName, tonieName, tracklistHtml } from '../catalogue/clean';
import type { CatalogueRow } from '../repositories/catalogue-import';

export interface DemoTonie {
  article: string;
  series: string;
  episode: string | null;
  category: TonieCategory;
  language: 'en-GB' | 'en-US' | 'de-DE' | 'fr-FR';
  age: number | null;
  runtime: number | null;
  release: string;
  themes: string[];
  blurb: string;
  tracks: string[];
}

/** What marks the demo catalogue's rows: articles 'demo-NNN' with covers drawn by the app. */
export const DEMO_ARTICLE_PREFIX = 'demo-';
export const DEMO_COVER_PREFIX = '/media/demo-covers/';

function demoCoverUrl(article: string): string {
  return `${DEMO_COVER_PREFIX}${article}.svg`;
}

const t = (
  article: string,
  series: string,
  episode: string | null,
  category: TonieCategory,
  language: DemoTonie['language'],
  age: number | null,
  runtime: number | null,
  release: string,
  themes: string[],
  blurb: string,
  tracks: string[],
): DemoTonie => ({ article, series, episode, category, language, age, runtime, release, themes, blurb, tracks });

export const DEMO_TONIES: readonly DemoTonie[] = [
  // ---- Audio plays ---------------------------------------------------------------------------
  t('demo-001', 'Captain Pebble', 'The Lighthouse Storm', 'Audio Play', 'en-GB', 4, 48, '2023-03-14', ['Adventure', 'Sea'],
    'When the great lamp of Gullwing Lighthouse flickers out on the stormiest night of the year, Captain Pebble and her first mate, a very brave crab called Nib, row out to bring the light back before the fishing boats come home.',
    ['Clouds Over Gullwing', 'The Lamp Goes Dark', 'Nib Has an Idea', 'Rowing Into the Wind', 'A Hundred Steps Up', 'Light for Everyone']),
  t('demo-002', 'Captain Pebble', 'The Whale Who Lost Her Song', 'Audio Play', 'en-GB', 4, 51, '2023-09-02', ['Adventure', 'Sea', 'Animals'],
    'A young humpback has forgotten her song, and without it she cannot find her family. Captain Pebble sails across three seas collecting the notes: one from the gulls, one from the tide, and one from an old foghorn.',
    ['A Quiet Whale', 'The Gulls Remember', 'What the Tide Hums', 'The Old Foghorn', 'All the Notes Together']),
  t('demo-003', 'Captain Pebble', 'Treasure of Foggy Cove', 'Audio Play', 'en-GB', 5, 46, '2024-04-19', ['Adventure', 'Sea', 'Mystery'],
    'A torn map, a cove full of fog and a treasure chest that is not at all what anyone expected.',
    ['Half a Map', 'Into the Fog', 'The Singing Rocks', 'X Marks the Sandcastle', 'The Real Treasure']),
  t('demo-004', 'Moss & Moth', 'The Midnight Garden', 'Audio Play', 'en-GB', 3, 38, '2022-10-21', ['Bedtime', 'Nature', 'Friendship'],
    'Moss the snail and Moth the moth keep the garden company while everyone sleeps. Tonight the moonflowers open for the first time and the two friends must wake the shy glow-worms so nobody misses it. Gentle, slow and perfect for winding down.',
    ['Goodnight, Sun', 'Moss Is Slow, Moth Is Quick', 'The Glow-worms Are Shy', 'Moonflowers', 'Back to Bed']),
  t('demo-005', 'Moss & Moth', 'Lanterns in the Rain', 'Audio Play', 'en-GB', 3, 36, '2023-11-10', ['Bedtime', 'Nature'],
    'A soft summer rain, a row of paper lanterns and two friends who learn that puddles can hold the whole sky.',
    ['Pitter-Patter', 'Paper Lanterns', 'A Sky in a Puddle', 'Drip, Drop, Sleep']),
  t('demo-006', 'Tilly Turnip', 'The Great Vegetable Race', 'Audio Play', 'en-US', 4, 42, '2022-05-06', ['Funny', 'Friendship'],
    'The vegetables of Plot Number Nine are holding their yearly race, and Tilly Turnip is determined to beat the famously fast Runner Bean. A cheerful, silly story about winning, losing and cheering for your friends.',
    ['On Your Marks, Vegetables', 'Runner Bean Shows Off', 'The Cabbage Roadblock', 'A Shortcut Through the Compost', 'Three Cheers for Everyone']),
  t('demo-007', 'Tilly Turnip', 'Carrot Comet', 'Audio Play', 'en-US', 4, 39, '2023-07-28', ['Funny', 'Space'],
    'Something orange and sparkly has crashed into the allotment. Is it a comet? Is it a carrot? Tilly investigates.',
    ['Crash in the Night', 'A Very Orange Glow', 'Interviewing the Worms', 'Carrot or Comet?']),
  t('demo-008', 'Rocket Raccoons', 'Mission to the Marshmallow Moon', 'Audio Play', 'en-US', 5, 55, '2022-02-18', ['Space', 'Adventure', 'Funny'],
    'Rosie, Rudy and baby Rocco build a rocket out of a laundry basket and set course for the Marshmallow Moon, where the craters are sticky and the aliens have never heard of hot chocolate. A big, bouncy space adventure with plenty of giggles.',
    ['Countdown in the Backyard', 'Laundry Basket Launch', 'Asteroid Hopscotch', 'Sticky Craters', 'The Moon Folk', 'Hot Chocolate Diplomacy', 'Home Before Bathtime']),
  t('demo-009', 'Rocket Raccoons', 'The Asteroid Picnic', 'Audio Play', 'en-US', 5, 49, '2024-06-07', ['Space', 'Funny'],
    'The raccoons plan the perfect picnic on a drifting asteroid, but a comet keeps stealing the sandwiches.',
    ['Packing the Hamper', 'Orbit Lunchtime', 'The Sandwich Thief', 'A Comet With Manners']),
  t('demo-010', 'Detective Dumpling', 'The Case of the Missing Mittens', 'Audio Play', 'en-GB', 6, 58, '2023-01-13', ['Mystery', 'Winter', 'Funny'],
    'Every mitten in Puddleby has vanished overnight. Detective Dumpling, the roundest and most polite dog on the force, follows a trail of wool, frost and suspicious crumbs to the surprising thief.',
    ['Cold Hands in Puddleby', 'A Trail of Wool', 'Questioning the Cat', 'The Frosty Footprints', 'Crumbs!', 'A Warm Ending']),
  t('demo-011', 'Detective Dumpling', 'The Whispering Wardrobe', 'Audio Play', 'en-GB', 6, 54, '2024-10-25', ['Mystery'],
    'The old wardrobe in the school attic whispers at night. Detective Dumpling is not scared, not even a little bit, probably.',
    ['Whispers in the Attic', 'Not Scared at All', 'Coats and Clues', 'The Voice Inside', 'Mystery Solved']),
  t('demo-012', 'Die Waldwichtel', 'Das Geheimnis der Eichel', 'Audio Play', 'de-DE', 4, 44, '2022-09-09', ['Nature', 'Friendship'],
    'Die Waldwichtel Fips und Rieke finden eine Eichel, die leise summt. Gemeinsam mit der alten Eule Wilma folgen sie dem Summen quer durch den Herbstwald und entdecken, was in der kleinen Eichel wirklich steckt.',
    ['Ein summender Fund', 'Frag die Eule', 'Der Bach ist zu breit', 'Das Eichhörnchen hilft', 'Das Geheimnis']),
  t('demo-013', 'Die Waldwichtel', 'Schneeflockenfest', 'Audio Play', 'de-DE', 4, 41, '2023-12-01', ['Winter', 'Friendship'],
    'Der erste Schnee fällt und die Waldwichtel bereiten das große Schneeflockenfest vor.',
    ['Der erste Schnee', 'Girlanden aus Eis', 'Wo ist Rieke?', 'Das Fest beginnt']),
  t('demo-014', 'Lina Luftballon', 'Über den Wolken', 'Audio Play', 'de-DE', 3, 35, '2024-03-22', ['Adventure', 'Bedtime'],
    'Lina hält sich an ihrem roten Luftballon fest und schwebt über die Dächer der Stadt, vorbei an Tauben, Drachen und einer müden Wolke, die nicht mehr weiß, wo sie hingehört.',
    ['Ein Windstoß', 'Hallo, Tauben!', 'Die müde Wolke', 'Sanfte Landung']),
  t('demo-015', 'Pip the Penguin Postman', 'Parcel for the Pole', 'Audio Play', 'en-GB', 3, 33, '2022-12-02', ['Animals', 'Winter', 'Friendship'],
    'Pip has one last parcel to deliver before the holidays, and the address says simply: The Very Top.',
    ['One Last Parcel', 'Sliding Down Snow Hill', 'The Walrus Gives Directions', 'The Very Top']),
  t('demo-016', 'Le Petit Phare', 'La nuit des étoiles', 'Audio Play', 'fr-FR', 3, 31, '2023-06-16', ['Bedtime', 'Sea'],
    'Le petit phare ne veut pas dormir : ce soir, les étoiles filantes passent au-dessus de la mer, et il a promis aux bateaux de les compter toutes.',
    ['Le soir tombe', 'Une, deux, trois étoiles', 'Le bateau perdu', 'Bonne nuit, petit phare']),
  t('demo-017', 'Dino Dig Crew', 'The Bone in the Backyard', 'Audio Play', 'en-US', 5, 47, '2024-08-30', ['Dinosaurs', 'Adventure', 'Science'],
    'Marcus finds a bone while planting tomatoes, and the Dino Dig Crew arrives with brushes, buckets and a great deal of excitement. Is it a real dinosaur, or the dog\'s favourite chew toy? Along the way the crew explains how fossils form.',
    ['Tomatoes and a Surprise', 'Call the Crew', 'Brush, Brush, Brush', 'How Fossils Form', 'The Big Reveal']),
  // ---- Audio books ---------------------------------------------------------------------------
  t('demo-018', 'Tales from Tinker Lane', 'The Clockwork Fox', 'Audio Book', 'en-GB', 6, 72, '2022-03-25', ['Fantasy', 'Friendship'],
    'In the workshop at the end of Tinker Lane, a clockwork fox winds itself up and goes looking for the girl who built it. An unabridged reading of a warm, whimsical chapter book about making things and being made.',
    ['Chapter 1: Tick', 'Chapter 2: Tock', 'Chapter 3: The Rusty Gate', 'Chapter 4: A Key in the Snow', 'Chapter 5: Oil and Sparks', 'Chapter 6: Ada', 'Chapter 7: Wound Up Again']),
  t('demo-019', 'Tales from Tinker Lane', 'The Kite That Flew Home', 'Audio Book', 'en-GB', 6, 68, '2023-05-12', ['Fantasy', 'Adventure'],
    'A patchwork kite escapes on a blustery morning and has to find its own way back to Tinker Lane.',
    ['Chapter 1: Blustery', 'Chapter 2: Over the Market', 'Chapter 3: Tangled in a Tree', 'Chapter 4: The Pigeon Post', 'Chapter 5: Home Wind']),
  t('demo-020', 'The Hedgehog Who Hated Hurry', null, 'Audio Book', 'en-GB', 3, 28, '2021-11-19', ['Animals', 'Bedtime'],
    'Hettie the hedgehog refuses to rush, whatever the rabbits say. A gentle read-aloud about taking your time.',
    ['Hurry Up, Hettie!', 'The Slow Way Round', 'What the Rabbits Missed']),
  t('demo-021', "Grandpa Oak's Story Chest", 'Winter Tales', 'Audio Book', 'en-US', 5, 84, '2022-11-25', ['Classic', 'Bedtime', 'Winter'],
    'Grandpa Oak opens his story chest by the fire and reads six wintry tales: a snowman who wants to see spring, a sleigh that forgot how to fly, a fox who borrows a scarf and three more. Long enough for a whole snowy afternoon.',
    ['The Snowman Who Wanted Spring', 'The Forgetful Sleigh', 'The Borrowed Scarf', 'Ice Skates for a Moose', 'The Lantern Walk', 'The Longest Night']),
  t('demo-022', "Grandpa Oak's Story Chest", 'Summer Tales', 'Audio Book', 'en-US', 5, 79, '2023-06-30', ['Classic', 'Nature'],
    'Six sunny stories from the chest: sandcastles, thunderstorms, a runaway ice cream and a very long day.',
    ['The Sandcastle King', 'Thunder Over the Lake', 'The Runaway Ice Cream', 'Fireflies', 'A Very Long Day', 'Goodbye, Summer']),
  t('demo-023', 'Greta und die Gewitterziege', null, 'Audio Book', 'de-DE', 6, 66, '2023-08-18', ['Funny', 'Animals'],
    'Greta wohnt auf einem Bauernhof mit einer Ziege, die bei jedem Gewitter auf das Dach klettert. Eine ungekürzte Lesung voller Quatsch, Blitz und Donner, vorgelesen mit viel Herz.',
    ['Kapitel 1: Donnerwetter', 'Kapitel 2: Die Ziege auf dem Dach', 'Kapitel 3: Der Blitzableiter', 'Kapitel 4: Oma weiß Rat', 'Kapitel 5: Sonnenschein']),
  t('demo-024', 'The Library of Lost Umbrellas', null, 'Audio Book', 'en-GB', 7, 96, '2024-02-09', ['Fantasy', 'Mystery'],
    'Every umbrella ever left on a bus ends up in a secret library beneath the city, and eleven-year-old Wren has just been made its newest librarian. A wonderfully strange audio book with a twist in every chapter.',
    ['Chapter 1: The Number 12 Bus', 'Chapter 2: Down the Drain', 'Chapter 3: Shelves of Umbrellas', 'Chapter 4: The Missing Parasol', 'Chapter 5: Storm Clouds', 'Chapter 6: The Head Librarian', 'Chapter 7: Open Skies', 'Chapter 8: Wren Returns']),
  t('demo-025', "Stella Starling's Fairy Tales Retold", 'The Twelve Dancing Ducks', 'Audio Book', 'en-GB', 4, 34, '2022-07-15', ['Fairy Tales', 'Classic', 'Funny'],
    'A classic tale retold with feathers: why are the twelve duck princesses so tired every morning?',
    ['Twelve Tired Ducks', 'The Secret Pond', 'The Soldier Who Quacked', 'Happily Ever After']),
  t('demo-026', "Stella Starling's Fairy Tales Retold", 'Goldilocks and the Three Otters', 'Audio Book', 'en-GB', 4, 31, '2023-10-06', ['Fairy Tales', 'Classic', 'Animals'],
    'Goldilocks wanders into a riverside den where three otters have left their fish soup to cool. Too hot, too cold, or just right? A familiar story with a splashy new ending.',
    ['The Riverside Den', 'Three Bowls of Soup', 'Three Slippery Chairs', 'Splash!']),
  t('demo-027', 'The Moon Bakery', null, 'Audio Book', 'en-US', 3, 22, '2024-11-15', ['Bedtime'],
    'Every night the Moon bakes the stars in her little oven. A short, sleepy read for the very youngest.',
    ['Flour and Stardust', 'Into the Oven', 'Sprinkled Across the Sky']),
  // ---- Music ---------------------------------------------------------------------------------
  t('demo-028', 'Sunny Side Band', 'Wake Up, Sunshine!', 'Music', 'en-US', 2, 32, '2022-04-01', ['Music', 'Morning', 'Movement'],
    'Twelve bright, bouncy songs for slow mornings: stretching, brushing teeth, finding the other sock and marching to breakfast. Played on real instruments by a band who clearly enjoy themselves.',
    ['Wake Up, Sunshine!', 'Stretchy Cat', 'Brush-a-Brush', 'Where Is My Other Sock?', 'Porridge Polka', 'Window Weather', 'Boots On!', 'Marching to the Bus', 'Hello, Neighbour', 'Clap Your Name', 'The Kettle Song', 'Off We Go']),
  t('demo-029', 'Sunny Side Band', 'Rainy Day Jams', 'Music', 'en-US', 2, 30, '2023-03-03', ['Music', 'Movement'],
    'Songs for the days you cannot go outside.',
    ['Drip Drop Disco', 'Blanket Fort', 'Puddle Stomp', 'Raincoat Rock', 'Rainbow Reprise']),
  t('demo-030', 'Lullaby Lagoon', 'Songs for Sleepy Seals', 'Music', 'en-GB', 0, 40, '2021-10-08', ['Bedtime', 'Music', 'Sea'],
    'Soft harp, gentle voices and the hush of the sea: ten lullabies recorded at a slow heartbeat tempo to help little ones drift off.',
    ['Hush, Little Seal', 'Tide Goes Out', 'Moon on the Water', 'Sleepy Shells', 'The Lighthouse Lullaby', 'Sea Breeze Waltz', 'Starfish Dreams', 'Rock-a-Bye Boat', 'Night Swim', 'Goodnight, Lagoon']),
  t('demo-031', 'Lullaby Lagoon', 'Starfish Serenades', 'Music', 'en-GB', 0, 37, '2023-02-17', ['Bedtime', 'Music'],
    'More slow, dreamy songs from the lagoon, with a little more piano.',
    ['Starfish Serenade', 'Pearl in the Sand', 'Slow Waves', 'The Sleepy Crab', 'Blue Hour']),
  t('demo-032', 'Klangkäfer', 'Mitmachlieder', 'Music', 'de-DE', 3, 34, '2022-08-26', ['Music', 'Movement'],
    'Hüpfen, klatschen, stampfen: vierzehn Mitmachlieder für Kita, Kinderzimmer und lange Autofahrten, mit Texten zum Mitsingen ab dem ersten Hören.',
    ['Der Käfertanz', 'Klatsch in die Hände', 'Stampfen wie ein Elefant', 'Der Zappelmann', 'Hoch die Arme', 'Das Echo-Lied', 'Wackelpudding', 'Im Kreis herum', 'Die Zugfahrt', 'Kopf, Schulter, Nase', 'Der Regentanz', 'Leise wie die Maus', 'Der Sprung', 'Tschüss, ihr Käfer']),
  t('demo-033', 'Tiny Orchestra', 'Meet the Instruments', 'Music', 'en-GB', 4, 45, '2022-01-21', ['Music', 'Learning', 'Classic'],
    'A friendly conductor introduces the violin, the cello, the flute, the trumpet, the timpani and their friends, each with a short story and a piece of music chosen to show what it can do.',
    ['Tuning Up', 'The Violin Sings', 'The Grumbly Cello', 'Flute Like a Bird', 'Trumpet Fanfare', 'Thunder of the Timpani', 'Everyone Together']),
  t('demo-034', 'Tiny Orchestra', 'Four Seasons for Little Ears', 'Music', 'en-GB', 4, 43, '2023-04-28', ['Music', 'Classic', 'Nature'],
    'A gentle journey through the year in music, with short spoken introductions before each movement.',
    ['Spring Awakes', 'Summer Storm', 'Autumn Harvest', 'Winter Ice', 'The Year Turns']),
  t('demo-035', 'Les Petits Tambours', 'Chansons du matin', 'Music', 'fr-FR', 2, 29, '2024-05-17', ['Music', 'Morning'],
    'Des chansons toutes neuves pour bien commencer la journée, avec tambours, ukulélé et beaucoup de bonne humeur.',
    ['Bonjour le soleil', 'Le petit déjeuner', 'Mes chaussures', 'En route !', 'La chanson du vélo']),
  t('demo-036', 'Dance Party Dragons', 'Stomp, Roar & Wiggle', 'Music', 'en-US', 3, 33, '2024-09-13', ['Music', 'Movement', 'Funny'],
    'The dragons are throwing a dance party, and everyone is invited. Freeze dances, roar-alongs and a conga line through the castle.',
    ['Dragon Stomp', 'Freeze, Dragon!', 'Roar Along', 'The Tail Wiggle', 'Castle Conga', 'Sleepy Dragon Slow Dance']),
  // ---- Songs (songs and stories) -------------------------------------------------------------
  t('demo-037', 'Benny Bumblebee', 'Songs and Stories from the Meadow', 'Songs', 'en-GB', 3, 52, '2022-06-10', ['Animals', 'Nature', 'Music'],
    'Benny the bumblebee buzzes from flower to flower, meeting a ladybird who cannot count her spots, a snail in a hurry and a grasshopper band. Short stories with a song after each one.',
    ['Good Morning, Meadow', 'Song: Buzz Buzz Buzz', 'The Ladybird Counts', 'Song: Seven Spots', 'The Snail in a Hurry', 'Song: Slowly, Slowly', 'The Grasshopper Band', 'Song: Meadow Jamboree']),
  t('demo-038', 'Benny Bumblebee', 'The Honey Hoedown', 'Songs', 'en-GB', 3, 47, '2024-01-26', ['Animals', 'Music', 'Friendship'],
    'The hive is holding a hoedown and Benny has to find a fiddle player by sundown.',
    ['A Hoedown Is Coming', 'Song: Honey Hoedown', 'Looking for a Fiddler', 'Song: Cricket Fiddle', 'Dancing Till Dusk']),
  t('demo-039', 'Olli Otter', 'Lieder und Geschichten vom Fluss', 'Songs', 'de-DE', 3, 55, '2023-04-14', ['Animals', 'Nature', 'Music'],
    'Olli Otter erzählt vom Leben am Fluss: von der Biberburg, vom Eisvogel und vom großen Hochwasser. Zwischen den Geschichten wird gesungen, gepaddelt und gelacht.',
    ['Hallo, ich bin Olli', 'Lied: Platsch!', 'Die Biberburg', 'Lied: Nagen, nagen', 'Der Eisvogel', 'Lied: Blau wie der Fluss', 'Das Hochwasser', 'Lied: Gute Nacht, Fluss']),
  t('demo-040', 'Farmyard Friends', 'Sing-Along Stories', 'Songs', 'en-US', 2, 41, '2022-02-04', ['Animals', 'Music', 'Funny'],
    'Five farmyard stories, each ending in a song you can moo, oink or quack along to.',
    ['The Cow Who Could Not Moo', 'Song: Moo-sic', 'The Piglet Parade', 'Song: Oink Oink Boogie', 'Duck Soup', 'Song: Quack Quack Clap']),
  t('demo-041', 'Captain Pebble', 'Sea Shanties for Small Sailors', 'Songs', 'en-GB', 4, 39, '2024-07-12', ['Sea', 'Music', 'Adventure'],
    'Captain Pebble tells the stories behind her favourite sea songs, and the whole crew sings along. Heave ho!',
    ['All Hands on Deck', 'Song: Haul Away, Nib', 'The Storm That Sang', 'Song: Roll the Barrel', 'Song: Home Port']),
  t('demo-042', 'The Pajama Parade', 'Bedtime Songs & Stories', 'Songs', 'en-US', 2, 44, '2023-09-22', ['Bedtime', 'Music'],
    'A parade of pajamas marches slowly to bed: bath time, toothbrushing, one story, two songs and lights out. Designed to be the last thing your little one hears before sleep.',
    ['Bath Time Bubbles', 'Song: Brush, Brush, Brush', 'The Pajama Parade', 'Song: Slippers on the Stairs', 'One More Story', 'Song: Lights Out Lullaby']),
  // ---- Knowledge -----------------------------------------------------------------------------
  t('demo-043', 'Curious Kit', 'Why Is the Sky Blue?', 'Knowledge', 'en-GB', 5, 36, '2022-09-30', ['Learning', 'Science'],
    'Kit has a question for everything, and today it is the sky. With help from a patient physicist grandmother, Kit learns about sunlight, rainbows and why sunsets turn orange, in words a five-year-old can follow.',
    ['A Question at Breakfast', 'Sunlight Is Every Colour', 'Bouncing Blue', 'Orange Sunsets', 'Make Your Own Rainbow']),
  t('demo-044', 'Curious Kit', 'How Do Bees Make Honey?', 'Knowledge', 'en-GB', 5, 34, '2023-05-26', ['Learning', 'Animals', 'Nature'],
    'Kit visits a beekeeper and follows one bee from flower to hive to honey jar.',
    ['Suit Up!', 'Inside the Hive', 'Nectar Collecting', 'From Nectar to Honey', 'Why Bees Dance']),
  t('demo-045', 'Curious Kit', 'Where Does Rain Come From?', 'Knowledge', 'en-GB', 5, 33, '2024-03-08', ['Learning', 'Science', 'Nature'],
    'The water cycle explained with puddles, kettles and clouds. Kit discovers that the rain falling today might once have been in a dinosaur\'s drinking pool.',
    ['Puddle Mystery', 'Steam and Clouds', 'Heavy Clouds', 'The Dinosaur Drop']),
  t('demo-046', 'Planet Explorers', 'Journey Through the Solar System', 'Knowledge', 'en-US', 6, 62, '2022-10-14', ['Space', 'Learning', 'Science'],
    'Buckle up for a tour from the blazing Sun to icy Neptune. Each planet gets its own chapter with facts, sounds and a question to think about, told by two young astronauts and their robot co-pilot.',
    ['Blast Off', 'The Sun', 'Mercury and Venus', 'Home, Sweet Earth', 'Red Mars', 'Giant Jupiter', 'Saturn\'s Rings', 'Uranus and Neptune', 'Beyond the Planets']),
  t('demo-047', 'Planet Explorers', 'Oceans and Their Secrets', 'Knowledge', 'en-US', 6, 58, '2023-08-04', ['Sea', 'Learning', 'Animals'],
    'A deep dive from rock pools to the deepest trench: tides, reefs, whales and creatures that make their own light.',
    ['Rock Pools', 'Why Tides Turn', 'Coral Cities', 'Songs of the Whales', 'The Twilight Zone', 'Lights in the Deep']),
  t('demo-048', 'Number Owls', 'Counting Adventures', 'Knowledge', 'en-GB', 3, 27, '2021-12-10', ['Learning', 'Numbers', 'Animals'],
    'Three owls count acorns, stars and sleepy mice from one to twenty. Playful first maths for little ones.',
    ['One Owl, Two Owls', 'Acorns to Ten', 'Counting Stars', 'Twenty Sleepy Mice']),
  t('demo-049', 'Wunderwelt Wissen', 'Ritter und Burgen', 'Knowledge', 'de-DE', 7, 59, '2023-02-24', ['Learning', 'History'],
    'Wie lebten Ritter wirklich? Warum hatten Burgen einen Graben? Und was gab es im Mittelalter zu essen? Ein spannendes Wissenshörspiel mit Geräuschen, Musik und kurzen Quizfragen zum Mitraten.',
    ['Willkommen auf der Burg', 'Vom Pagen zum Ritter', 'Rüstung und Schwert', 'Das Burgleben', 'Essen im Mittelalter', 'Quiz: Was weißt du noch?']),
  t('demo-050', 'Little Language Club', 'First Words in Spanish', 'Knowledge', 'en-US', 4, 38, '2024-04-05', ['Learning', 'Languages', 'Music'],
    'Colours, animals, numbers and greetings in Spanish, learned through a story about a market day and a handful of catchy songs.',
    ['¡Hola! Hello!', 'Colours at the Market', 'Animals on the Farm', 'Counting to Ten', 'Song: Adiós, Amigos']),
  // ---- Creative Tonies (blank figures for your own recordings) -------------------------------
  t('demo-051', 'Creative Figure', 'Rainbow Unicorn', 'Creative Tonie', 'en-GB', null, null, '2022-03-04', ['Creative', 'Fantasy'],
    'A sparkly unicorn figure with room for up to 90 minutes of your own recordings: bedtime stories in Grandma\'s voice, favourite songs or messages from far away.',
    []),
  t('demo-052', 'Creative Figure', 'Space Explorer', 'Creative Tonie', 'en-GB', null, null, '2022-08-19', ['Creative', 'Space'],
    'An astronaut figure ready for your own recordings.',
    []),
  t('demo-053', 'Creative Figure', 'Forest Fox', 'Creative Tonie', 'en-GB', null, null, '2023-01-27', ['Creative', 'Animals'],
    'A red fox figure to fill with your family\'s own stories and songs. Record, upload and the fox will tell them whenever your child places it on the box.',
    []),
  t('demo-054', 'Creative Figure', 'Sea Captain', 'Creative Tonie', 'en-GB', null, null, '2023-07-07', ['Creative', 'Sea'],
    'A captain in a yellow raincoat, waiting for your own tales of the sea.',
    []),
  t('demo-055', 'Creative Figure', 'Little Dancer', 'Creative Tonie', 'en-GB', null, null, '2024-02-23', ['Creative', 'Music'],
    'A dancer figure for playlists, dance music and recorded ballet lessons.',
    []),
  t('demo-056', 'Creative Figure', 'Little Dragon', 'Creative Tonie', 'de-DE', null, null, '2024-10-04', ['Creative', 'Fantasy'],
    'Ein kleiner Drache für eigene Aufnahmen: Gutenachtgeschichten, Lieblingslieder oder Grüße von Oma und Opa, bis zu 90 Minuten.',
    []),
];

export function findDemoTonie(article: string): DemoTonie | undefined {
  return DEMO_TONIES.find((d) => d.article === article);
}

/** The demo catalogue as rows for writeCatalogueRows: themes, age and language as tags. */
export function demoCatalogueRows(): CatalogueRow[] {
  return DEMO_TONIES.map((d) => {
    const name = tonieName(d.series, d.episode);
    const langName = languageName(d.language);
    // The blurb, then the same plain facts line the importer writes.
    const factsLine = factsSentence({
      category: d.category,
      languageName: langName,
      trackCount: d.tracks.length,
      runtime: d.runtime,
      age: d.age,
    });
    const tags = [...d.themes];
    if (d.age !== null) tags.push(ageTag(d.age));
    if (langName) tags.push(langName);
    return {
      article: d.article,
      name,
      series: d.series,
      episode: d.episode,
      image: demoCoverUrl(d.article),
      category: d.category,
      description: `${d.blurb} ${factsLine}`,
      html_description: null,
      html_tracklist: tracklistHtml(d.tracks),
      url: null,
      runtime: d.runtime,
      language: d.language,
      song_count: d.tracks.length,
      release_date: d.release,
      age_range: d.age !== null ? `${d.age}+` : null,
      age_min: d.age,
      origin: 'demo',
      tags,
    };
  });
}
