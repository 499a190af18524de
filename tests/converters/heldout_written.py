"""Held-out sample, part 2: the texts of real cards of sets the tuned sample does not contain,
typed in from the cards (card facts: name, TWGP type by the game's converter table, rules
text as printed in English), each judged against docs/rules.md §6 and the policies of
docs/effects.md BEFORE the tagger was run on it (method in docs/effects.md, "Held-out
evaluation"). Units and Weapons are judged too: their text is void, so they carry nothing
(a Unit whose species contains poison/venom/毒 carries Poison).

Entries: (game, TWGP type, card name, rules text, the effects a TWGP player reads[, species])."""

from __future__ import annotations

CE, CT, LC, LT, U, W = "charge_effect", "charge_trap", "life_counter", "life_trap", "unit", "weapon"

MTG: tuple[tuple[str, ...], ...] = (
    (CE, "Giant Growth", "Target creature gets +3/+3 until end of turn.", "plus"),
    (CE, "Lightning Bolt", "Lightning Bolt deals 3 damage to any target.", ""),
    (CE, "Counterspell", "Counter target spell.", "crack"),
    (CE, "Dark Ritual", "Add {B}{B}{B}.", ""),
    (CE, "Healing Salve", "Choose one —\n• Target player gains 3 life.\n• Prevent the next 3 damage "
     "that would be dealt to any target this turn.", "plus medical"),
    (CE, "Swords to Plowshares", "Exile target creature. Its controller gains life equal to its "
     "power.", ""),
    (CE, "Unsummon", "Return target creature to its owner's hand.", ""),
    (CE, "Terror", "Destroy target nonartifact, nonblack creature. It can't be regenerated.", ""),
    (CE, "Threaten", "Untap target creature and gain control of it until end of turn. That "
     "creature gains haste until end of turn.", "hack accel"),
    (CE, "Act of Treason", "Gain control of target creature until end of turn. Untap that "
     "creature. It gains haste until end of turn.", "hack accel"),
    (CE, "Fog", "Prevent all combat damage that would be dealt this turn.", "plus"),
    (CE, "Tranquility", "Destroy all enchantments.", ""),
    (CE, "Time Walk", "Take an extra turn after this one.", "accel"),
    (CE, "Relentless Assault", "Untap all creatures that attacked this turn. After this main "
     "phase, there is an additional combat phase followed by an additional main phase.", "accel"),
    (CE, "Hymn to Tourach", "Target player discards two cards at random.", ""),
    (CE, "Brainstorm", "Draw three cards, then put two cards from your hand on top of your "
     "library in any order.", ""),
    (CE, "Wrath of God", "Destroy all creatures. They can't be regenerated.", ""),
    (CE, "Stream of Life", "Target player gains X life.", "medical"),
    (CE, "Righteousness", "Target blocking creature gets +7/+7 until end of turn.", "plus"),
    (CE, "Howl from Beyond", "Target creature gets +X/+0 until end of turn.", "plus"),
    (CE, "Sleep", "Tap all creatures target player controls. Those creatures don't untap during "
     "that player's next untap step.", "hazard"),
    (CE, "Icy Manipulator", "{1}, {T}: Tap target artifact, creature, or land.", "hazard"),
    (CE, "Frantic Search", "Draw two cards, then discard two cards. Untap up to three lands.", ""),
    (CE, "Sol Ring", "{T}: Add {C}{C}.", ""),
    (CE, "Howling Mine", "At the beginning of each player's draw step, if Howling Mine is "
     "untapped, that player draws an additional card.", ""),
    (CE, "Ivory Tower", "At the beginning of your upkeep, you gain X life, where X is the number "
     "of cards in your hand minus four.", "medical"),
    (LC, "Glorious Anthem", "Creatures you control get +1/+1.", "plus"),
    (LC, "Crusade", "White creatures get +1/+1.", "plus"),
    (LC, "Dread of Night", "White creatures get -1/-1.", "down"),
    (LC, "Propaganda", "Creatures can't attack you unless their controller pays {2} for each "
     "creature they control that's attacking you.", "hazard"),
    (LC, "Moat", "Creatures without flying can't attack.", "hazard"),
    (LC, "Light of Day", "Black creatures can't attack or block.", "hazard"),
    (LC, "Underworld Dreams", "Whenever an opponent draws a card, Underworld Dreams deals 1 "
     "damage to that player.", ""),
    (CE, "Wheel of Fortune", "Each player discards their hand, then draws seven cards.", ""),
    (LC, "Necropotence", "Skip your draw step.\nWhenever you discard a card, exile that card from "
     "your graveyard.\nPay 1 life: Exile the top card of your library face down. Put that card "
     "into your hand at the beginning of your next end step.", ""),
    (CE, "Reverse Damage", "The next time a source of your choice would deal damage to you this "
     "turn, prevent that damage. You gain life equal to the damage prevented this way.",
     "plus medical"),
    (CE, "Deflection", "Change the target of target spell with a single target.", "reflect"),
    (CE, "Fork", "Copy target instant or sorcery spell, except that the copy is red. You may "
     "choose new targets for the copy.", "copy"),
    (CE, "Twincast", "Copy target instant or sorcery spell. You may choose new targets for the "
     "copy.", "copy"),
    (CE, "Mana Leak", "Counter target spell unless its controller pays {3}.", "crack"),
    (CE, "Force of Will", "You may pay 1 life and exile a blue card from your hand rather than "
     "pay this spell's mana cost.\nCounter target spell.", "crack"),
    (CE, "Stifle", "Counter target activated or triggered ability. (Mana abilities can't be "
     "targeted.)", "crack"),
    (CE, "Negate", "Counter target noncreature spell.", "crack"),
    (CE, "Disrupting Scepter", "{3}, {T}: Target player discards a card. Activate only during "
     "your turn.", ""),
    (LC, "Pestilence", "At the beginning of the end step, if no creatures are on the "
     "battlefield, sacrifice Pestilence.\n{B}: Pestilence deals 1 damage to each creature and "
     "each player.", ""),
    (CE, "Virulent Swipe", "Target creature gets +2/+0 and gains deathtouch until end of turn.",
     "plus"),
    (CE, "Vampiric Tutor", "Search your library for a card, then shuffle and put that card on "
     "top. You lose 2 life.", ""),
    (CE, "Regrowth", "Return target card from your graveyard to your hand.", ""),
    (LC, "Fervor", "Creatures you control have haste.", "accel"),
    (LC, "Concordant Crossroads", "All creatures have haste.", "accel"),
    (CE, "Berserk", "Cast this spell only before the combat damage step.\nTarget creature gains "
     "trample and gets +X/+0 until end of turn, where X is its power. At the beginning of the "
     "next end step, destroy that creature if it attacked this turn.", "plus"),
    (CE, "Moment's Peace", "Prevent all combat damage that would be dealt this turn.\nFlashback "
     "{2}{G}", "plus"),
    (CE, "Spore Cloud", "Tap all blocking creatures. Prevent all combat damage that would be "
     "dealt this turn. Each attacking creature and each blocking creature doesn't untap during "
     "its controller's next untap step.", "plus hazard"),
    (CE, "Tangle", "Prevent all combat damage that would be dealt this turn. Each attacking "
     "creature doesn't untap during its controller's next untap step.", "plus hazard"),
    (CE, "Path to Exile", "Exile target creature. Its controller may search their library for a "
     "basic land card, put that card onto the battlefield tapped, then shuffle.", ""),
    (CE, "Turn to Frog", "Until end of turn, target creature loses all abilities and becomes a "
     "blue Frog with base power and toughness 1/1.", "crack down"),
    (LC, "Humility", "All creatures lose all abilities and have base power and toughness 1/1.",
     "crack down"),
    (CE, "Overrun", "Creatures you control get +3/+3 and gain trample until end of turn.", "plus"),
    (CE, "Mutagenic Growth", "({G/P} can be paid with either {G} or 2 life.)\nTarget creature "
     "gets +2/+2 until end of turn.", "plus"),
    (CE, "Dismember", "({B/P} can be paid with either {B} or 2 life.)\nTarget creature gets "
     "-5/-5 until end of turn.", "down"),
    (CE, "Disfigure", "Target creature gets -2/-2 until end of turn.", "down"),
    (CE, "Tragic Slip", "Target creature gets -1/-1 until end of turn.\nMorbid — That creature "
     "gets -13/-13 until end of turn instead if a creature died this turn.", "down"),
    (CE, "Dromoka's Command", "Choose two —\n• Prevent all damage target instant or sorcery "
     "spell would deal this turn.\n• Target player sacrifices an enchantment.\n• Put a +1/+1 "
     "counter on target creature.\n• Target creature you control fights target creature you "
     "don't control.", "plus"),
    (CE, "Abzan Charm", "Choose one —\n• Exile target creature with power 3 or greater.\n• You "
     "draw two cards and you lose 2 life.\n• Distribute two +1/+1 counters among one or two "
     "target creatures.", "plus"),
    (CE, "Boros Charm", "Choose one —\n• Boros Charm deals 4 damage to target player or "
     "planeswalker.\n• Permanents you control gain indestructible until end of turn.\n• Target "
     "creature gains double strike until end of turn.", "accel"),
    (CE, "Izzet Charm", "Choose one —\n• Counter target noncreature spell unless its controller "
     "pays {2}.\n• Izzet Charm deals 2 damage to target creature.\n• Draw two cards, then "
     "discard two cards.", "crack"),
    (CE, "Temur Battle Rage", "Target creature gains double strike until end of turn.\nFerocious "
     "— That creature also gains trample until end of turn if you control a creature with "
     "power 4 or greater.", "accel"),
    (CE, "Seize the Day", "Untap target creature. After this main phase, there is an additional "
     "combat phase followed by an additional main phase.\nFlashback {2}{R}", "accel"),
    (CE, "Cryptic Command", "Choose two —\n• Counter target spell.\n• Return target permanent to "
     "its owner's hand.\n• Tap all creatures your opponents control.\n• Draw a card.",
     "crack hazard"),
    (CE, "Chalice of the Void", "Chalice of the Void enters the battlefield with X charge "
     "counters on it.\nWhenever a player casts a spell with mana value equal to the number of "
     "charge counters on Chalice of the Void, counter that spell.", "crack"),
    (CE, "Cursed Totem", "Activated abilities of creatures can't be activated.", "crack"),
    (CE, "Pithing Needle", "As Pithing Needle enters the battlefield, choose a card name.\n"
     "Activated abilities of sources with the chosen name can't be activated unless they're "
     "mana abilities.", "crack"),
    (CE, "Null Rod", "Activated abilities of artifacts can't be activated.", "crack"),
    (CE, "Torpor Orb", "Creatures entering the battlefield don't cause abilities to trigger.",
     "crack"),
    (CE, "Mirrorweave", "Each other creature becomes a copy of target nonlegendary creature until "
     "end of turn.", "copy"),
    (CE, "Sculpting Steel", "You may have Sculpting Steel enter the battlefield as a copy of any "
     "artifact on the battlefield.", "copy"),
    (LC, "Copy Enchantment", "You may have Copy Enchantment enter the battlefield as a copy of an "
     "enchantment on the battlefield.", "copy"),
    (CE, "Approach of the Second Sun", "If this spell was cast from your hand and you've cast "
     "another spell named Approach of the Second Sun this game, you win the game. Otherwise, put "
     "Approach of the Second Sun into its owner's library seventh from the top and you gain 7 "
     "life.", "medical"),
    (CE, "Coalition Victory", "You win the game if you control a land of each basic land type "
     "and a creature of each color.", ""),
    (CE, "Congregate", "Target player gains 2 life for each creature on the battlefield.",
     "medical"),
    (CE, "Tendrils of Agony", "Target player loses 2 life and you gain 2 life.\nStorm (When you "
     "cast this spell, copy it for each spell cast before it this turn. You may choose new "
     "targets for the copies.)", "medical"),
    (LC, "Sanguine Bond", "Whenever you gain life, target opponent loses that much life.", ""),
    (LC, "Exquisite Blood", "Whenever an opponent loses life, you gain that much life.",
     "medical"),
    (CE, "Zealous Persecution", "Until end of turn, creatures you control get +1/+1 and creatures "
     "your opponents control get -1/-1.", "plus down"),
    (CE, "Infest", "All creatures get -2/-2 until end of turn.", "down"),
    (CE, "Drown in Sorrow", "All creatures get -2/-2 until end of turn.\nScry 1.", "down"),
    (CE, "Tamiyo's Safekeeping", "Target permanent you control gains hexproof and indestructible "
     "until end of turn. You gain 2 life.", "medical"),
    (CE, "Heroic Intervention", "Permanents you control gain hexproof and indestructible until "
     "end of turn.", ""),
    (CE, "Ranger's Guile", "Target creature you control gets +1/+1 and gains hexproof until end "
     "of turn.", "plus"),
    (CE, "Vines of Vastwood", "Kicker {G}\nTarget creature can't be the target of spells or "
     "abilities your opponents control this turn. If this spell was kicked, that creature gets "
     "+4/+4 until end of turn.", "plus"),
    (CE, "Falter", "Creatures without flying can't block this turn.", "hazard"),
    (CE, "Act of Aggression", "({R/P} can be paid with either {R} or 2 life.)\nGain control of "
     "target creature an opponent controls until end of turn. Untap that creature. It gains "
     "haste until end of turn.", "hack accel"),
    (CE, "Insurrection", "Untap all creatures and gain control of them until end of turn. They "
     "gain haste until end of turn.", "hack accel"),
    (LC, "Aggravated Assault", "{3}{R}{R}: Untap all creatures you control. After this main "
     "phase, there is an additional combat phase followed by an additional main phase. Activate "
     "only as a sorcery.", "accel"),
    (CE, "Savage Beating", "Cast this spell only during your turn and only during combat.\nChoose "
     "one —\n• Creatures you control gain double strike until end of turn.\n• Untap all "
     "creatures you control. After this phase, there is an additional combat phase.", "accel"),
    (CE, "Frost Breath", "Tap up to two target creatures. Those creatures don't untap during their "
     "controller's next untap step.", "hazard"),
    (CE, "Stun", "Target creature can't block this turn.\nDraw a card.", "hazard"),
    (CE, "Dispel", "Counter target instant spell.", "crack"),
    (CE, "Remand", "Counter target spell. If that spell is countered this way, put it into its "
     "owner's hand instead of into that player's graveyard.\nDraw a card.", "crack"),
    (CE, "Misdirection", "You may exile a blue card from your hand rather than pay this spell's "
     "mana cost.\nChange the target of target spell with a single target.", "reflect"),
    (CE, "Redirect", "You may choose new targets for target spell.", "reflect"),
    (CE, "Mirror Strike", "Prevent all damage target unblocked creature would deal to you this "
     "turn. If damage is prevented this way, Mirror Strike deals that much damage to that "
     "creature's controller.", "plus reflect"),
    (CE, "Harm's Way", "The next 2 damage that a source of your choice would deal to you and/or "
     "permanents you control this turn is dealt to any target instead.", "reflect"),
    (CE, "Remove Soul", "Counter target creature spell.", "crack"),
    (CE, "Silence", "Your opponents can't cast spells this turn. (Spells cast before this "
     "resolves are unaffected.)", "crack"),
    (CE, "Orim's Chant", "Kicker {W}\nTarget player can't cast spells this turn.\nIf this spell "
     "was kicked, creatures can't attack this turn.", "crack hazard"),
    (CE, "Ensnaring Bridge", "Creatures with power greater than the number of cards in your hand "
     "can't attack.", "hazard"),
    (CE, "Meekstone", "Creatures with power 3 or greater don't untap during their controllers' "
     "untap steps.", "hazard"),
    (CE, "Titanic Growth", "Target creature gets +4/+4 until end of turn.", "plus"),
    (CE, "Last Gasp", "Target creature gets -3/-3 until end of turn.", "down"),
    (CE, "Sudden Spoiling", "Split second\nUntil end of turn, creatures target player controls "
     "lose all abilities and have base power and toughness 0/2.", "crack down"),
    (CE, "Soothing Balm", "Target player gains 5 life.", "medical"),
    (CE, "Invigorate", "If you control a Forest, rather than pay this spell's mana cost, you may "
     "have an opponent gain 3 life.\nTarget creature gets +4/+4 until end of turn.", "plus"),
    (LC, "Bad Moon", "Black creatures get +1/+1.", "plus"),
    (CE, "Holy Day", "Prevent all combat damage that would be dealt this turn.", "plus"),
    (CE, "Reverberate", "Copy target instant or sorcery spell. You may choose new targets for the "
     "copy.", "copy"),
    (CE, "Essence Scatter", "Counter target creature spell.", "crack"),
    (CE, "Demonic Tutor", "Search your library for a card, put that card into your hand, then "
     "shuffle.", ""),
    (CE, "Raise Dead", "Return target creature card from your graveyard to your hand.", ""),
    (CE, "Shock", "Shock deals 2 damage to any target.", ""),
    (CE, "Disenchant", "Destroy target artifact or enchantment.", ""),
    (CE, "Mind Rot", "Target player discards two cards.", ""),
    (CE, "Ancestral Recall", "Target player draws three cards.", ""),
    # Units and Weapons: the text is void
    (U, "Serra Angel", "Flying\nVigilance", "", "Angel"),
    (U, "Typhoid Rats", "Deathtouch", "", "Rat"),
    (U, "Pit Scorpion", "Poisonous 1 (Whenever this creature deals combat damage to a player, "
     "that player gets a poison counter.)", "", "Scorpion"),
    (U, "Marsh Viper", "Whenever Marsh Viper deals damage to a player, that player gets two "
     "poison counters.", "", "Snake"),
    (U, "Clone", "You may have Clone enter the battlefield as a copy of any creature on the "
     "battlefield.", "", "Shapeshifter"),
    (U, "Platinum Angel", "Flying\nYou can't lose the game and your opponents can't win the "
     "game.", "", "Angel"),
    (U, "Soul Warden", "Whenever another creature enters the battlefield, you gain 1 life.", "",
     "Human Cleric"),
    (U, "Prodigal Sorcerer", "{T}: Prodigal Sorcerer deals 1 damage to any target.", "",
     "Human Wizard"),
    (U, "Goblin Guide", "Haste\nWhenever Goblin Guide attacks, defending player reveals the top "
     "card of their library. If it's a land card, that player puts it into their hand.", "",
     "Goblin Scout"),
    (U, "Kira, Great Glass-Spinner", "Flying\nCreatures you control have \"Whenever this "
     "creature becomes the target of a spell or ability for the first time each turn, counter "
     "that spell or ability.\"", "", "Spirit"),
    (U, "Vendilion Clique", "Flash\nFlying\nWhen Vendilion Clique enters the battlefield, up to "
     "one target player reveals their hand. You may choose a nonland card from it. If you do, "
     "that player reveals a card from their hand at random.", "", "Faerie Wizard"),
    (U, "Blightsteel Colossus", "Trample, infect, indestructible", "", "Phyrexian Golem"),
    (W, "Holy Strength", "Enchant creature\nEnchanted creature gets +1/+2.", ""),
    (W, "Weakness", "Enchant creature\nEnchanted creature gets -2/-1.", ""),
    (W, "Pacifism", "Enchant creature\nEnchanted creature can't attack or block.", ""),
    (W, "Control Magic", "Enchant creature\nYou control enchanted creature.", ""),
    (W, "Lightning Greaves", "Equipped creature has haste and shroud.\nEquip {0}", ""),
    (W, "Bonesplitter", "Equipped creature gets +2/+0.\nEquip {1}", ""),
    (W, "Claustrophobia", "Enchant creature\nWhen Claustrophobia enters the battlefield, tap "
     "enchanted creature.\nEnchanted creature doesn't untap during its controller's untap step.",
     ""),
    (W, "Grafted Exoskeleton", "Equipped creature gets +2/+2 and has infect.\nWhenever Grafted "
     "Exoskeleton becomes unattached from a permanent, sacrifice that permanent.\nEquip {2}", ""),
    (W, "Sword of Fire and Ice", "Equipped creature gets +2/+2 and has protection from red and "
     "from blue.\nWhenever equipped creature deals combat damage to a player, Sword of Fire and "
     "Ice deals 2 damage to any target and you draw a card.\nEquip {2}", ""),
)

YUGIOH: tuple[tuple[str, ...], ...] = (
    (CE, "Pot of Greed", "Draw 2 cards.", ""),
    (CE, "Raigeki", "Destroy all monsters your opponent controls.", ""),
    (CE, "Monster Reborn", "Target 1 monster in either GY; Special Summon it.", ""),
    (CT, "Mirror Force", "When an opponent's monster declares an attack: Destroy all your "
     "opponent's Attack Position monsters.", ""),
    (CT, "Magic Cylinder", "When an opponent's monster declares an attack: Target the attacking "
     "monster; negate the attack, and if you do, inflict damage to your opponent equal to its "
     "ATK.", "reflect"),
    (CT, "Solemn Judgment", "When a monster(s) would be Summoned, OR a Spell/Trap Card is "
     "activated: Pay half your LP; negate the Summon or activation, and if you do, destroy that "
     "card.", "crack"),
    (CT, "Magic Jammer", "When a Spell Card is activated: Discard 1 card; negate the activation, "
     "and if you do, destroy it.", "crack"),
    (CT, "Seven Tools of the Bandit", "When a Trap Card is activated: Pay 1000 LP; negate the "
     "activation, and if you do, destroy it.", "crack"),
    (CE, "Swords of Revealing Light", "After this card's activation, it remains on the field, but "
     "destroy it during the End Phase of your opponent's 3rd turn. When this card is activated: "
     "If your opponent controls a face-down monster, flip all monsters they control face-up. "
     "Your opponent's monsters cannot declare an attack.", "hazard"),
    (CE, "Rush Recklessly", "Target 1 face-up monster on the field; it gains 700 ATK until the "
     "end of this turn.", "plus"),
    (CE, "Shrink", "Target 1 face-up monster on the field; its original ATK is halved until the "
     "end of this turn.", "down"),
    (CE, "Forbidden Lance", "Target 1 face-up monster on the field; until the end of this turn, "
     "that target loses 800 ATK, but is unaffected by the effects of other Spells/Traps.",
     "down"),
    (CE, "Forbidden Chalice", "Target 1 face-up monster on the field; until the end of this turn, "
     "that target gains 400 ATK, but its effects are negated.", "plus crack"),
    (CE, "Book of Moon", "Target 1 face-up monster on the field; change that target to face-down "
     "Defense Position.", "hazard"),
    (CE, "Enemy Controller", "Activate 1 of these effects;\n● Target 1 face-up monster your "
     "opponent controls; change that target's battle position.\n● Tribute 1 monster, then target "
     "1 face-up monster your opponent controls; take control of it until the End Phase.",
     "hack hazard"),
    (CE, "Change of Heart", "Target 1 monster your opponent controls; take control of it until "
     "the End Phase.", "hack"),
    (CE, "Brain Control", "Pay 800 LP, then target 1 face-up monster your opponent controls that "
     "can be Normal Summoned/Set; take control of it until the End Phase.", "hack"),
    (CE, "Dian Keto the Cure Master", "Gain 1000 LP.", "medical"),
    (CE, "Upstart Goblin", "Draw 1 card, then your opponent gains 1000 LP.", ""),
    (CT, "Solemn Warning", "When a monster(s) would be Summoned, OR when a Spell/Trap Card, or "
     "monster effect, is activated that includes an effect that Special Summons a monster(s): "
     "Pay 2000 LP; negate the Summon or activation, and if you do, destroy it.", "crack"),
    (CT, "Bottomless Trap Hole", "When your opponent Summons a monster(s) with 1500 or more ATK: "
     "Destroy that monster(s) with 1500 or more ATK, and if you do, banish it.", ""),
    (LT, "Call of the Haunted", "Activate this card by targeting 1 monster in your GY; Special "
     "Summon that target in Attack Position. When this card leaves the field, destroy that "
     "target. When that target is destroyed, destroy this card.", ""),
    (LT, "Skill Drain", "Activate by paying 1000 LP. Negate the effects of all face-up monsters "
     "while they are face-up on the field (but their effects can still be activated).", "crack"),
    (LT, "Imperial Order", "Negate all Spell effects on the field. Once per turn, during your "
     "Standby Phase, pay 700 LP (this is not optional), or this card is destroyed.", "crack"),
    (LT, "Royal Decree", "Negate all other Trap effects on the field.", "crack"),
    (LT, "Gravity Bind", "Level 4 or higher monsters cannot attack.", "hazard"),
    (LC, "Messenger of Peace", "Monsters with 1500 or more ATK cannot declare an attack. Once per "
     "turn, during your Standby Phase, pay 100 LP or destroy this card.", "hazard"),
    (LC, "Level Limit - Area B", "Change all face-up Level 4 or higher monsters to Defense "
     "Position.", "hazard"),
    (CE, "Nightmare's Steelcage", "Neither player can attack until the end of the 2nd turn after "
     "this card's activation.", "hazard"),
    (CT, "Waboku", "You take no battle damage from your opponent's monsters this turn. Your "
     "monsters cannot be destroyed by battle this turn.", "plus"),
    (CT, "Threatening Roar", "Your opponent cannot declare an attack this turn.", "hazard"),
    (CT, "Sakuretsu Armor", "When an opponent's monster declares an attack: Target the attacking "
     "monster; destroy that target.", ""),
    (CE, "Mystical Space Typhoon", "Target 1 Spell/Trap on the field; destroy that target.", ""),
    (CE, "Card Destruction", "Both players discard as many cards as possible from their hands, "
     "then each player draws the same number of cards they discarded.", ""),
    (CE, "Graceful Charity", "Draw 3 cards, then discard 2 cards.", ""),
    (CE, "Reinforcement of the Army", "Add 1 Level 4 or lower Warrior monster from your Deck to "
     "your hand.", ""),
    (CE, "Foolish Burial", "Send 1 monster from your Deck to the GY.", ""),
    (CE, "Limiter Removal", "Double the ATK of all Machine monsters you currently control, until "
     "the end of this turn. During the End Phase of this turn, destroy those monsters.", "plus"),
    (CE, "Polymerization", "Fusion Summon 1 Fusion Monster from your Extra Deck, using monsters "
     "from your hand or field as Fusion Material.", ""),
    (CE, "Scapegoat", "Special Summon 4 \"Sheep Tokens\" (Beast/EARTH/Level 1/ATK 0/DEF 0) in "
     "Defense Position. They cannot be Tributed for a Tribute Summon. You cannot Summon other "
     "monsters the turn you activate this card (but you can Normal Set).", ""),
    (CT, "Ring of Destruction", "During your opponent's turn: Target 1 face-up monster your "
     "opponent controls whose ATK is less than or equal to their LP; destroy that face-up "
     "monster, and if you do, take damage equal to its original ATK, then inflict damage to your "
     "opponent equal to the damage you took.", ""),
    (LT, "Shadow Spell", "Activate this card by targeting 1 face-up monster your opponent "
     "controls; it loses 700 ATK, also it cannot attack or change its battle position. When it "
     "leaves the field, destroy this card.", "down hazard"),
    (LT, "Spellbinding Circle", "Activate this card by targeting 1 monster your opponent "
     "controls; it cannot attack or change its battle position. When that monster is destroyed, "
     "destroy this card.", "hazard"),
    (LT, "Fiendish Chain", "Activate this card by targeting 1 Effect Monster on the field; "
     "negate the effects of that face-up monster while it is on the field, also that face-up "
     "monster cannot attack. When it is destroyed, destroy this card.", "crack hazard"),
    (CT, "Infinite Impermanence", "Target 1 face-up monster your opponent controls; negate its "
     "effects (until the end of this turn), then, if this card was Set before activation and is "
     "on the field at resolution, for the rest of this turn all other Spell/Trap effects in this "
     "column are negated. If you control no cards, you can activate this card from your hand.",
     "crack"),
    (CT, "Breakthrough Skill", "Target 1 face-up Effect Monster your opponent controls; negate "
     "its effects until the end of this turn. During your turn, except the turn this card was "
     "sent to the GY: You can banish this card from your GY, then target 1 face-up Effect "
     "Monster your opponent controls; negate its effects until the end of this turn.", "crack"),
    (LT, "Mirror Wall", "Activate only when an opponent's monster declares an attack. Each of "
     "your opponent's monsters that attacks has its ATK halved as long as it remains face-up on "
     "the field. During each of your Standby Phases, pay 2000 LP or destroy this card.", "down"),
    (CT, "Draining Shield", "When an opponent's monster declares an attack: Target the attacking "
     "monster; negate the attack, and if you do, gain LP equal to that target's ATK.",
     "medical"),
    (CT, "Dimension Wall", "When an opponent's monster declares an attack: Your opponent takes "
     "the battle damage you would have taken from this battle, instead.", "reflect"),
    (CT, "Rainbow Life", "Discard 1 card; this turn, each time you would take damage, you gain "
     "that much LP instead.", "plus medical"),
    (CE, "Double Summon", "You can conduct 2 Normal Summons/Sets this turn, not just 1.",
     "accel"),
    (CE, "Emergency Provisions", "Send any number of Spells/Traps you control to the GY (except "
     "this card); gain 1000 LP for each card sent to the GY.", "medical"),
    (CE, "Soul Taker", "Target 1 face-up monster your opponent controls; destroy that target, "
     "then your opponent gains 1000 LP.", ""),
    (CE, "Red Medicine", "Gain 500 LP.", "medical"),
    (CE, "Goblin's Secret Remedy", "Gain 600 LP.", "medical"),
    (CE, "Poison of the Old Man", "Activate 1 of these effects;\n● Gain 1200 LP.\n● Inflict 800 "
     "damage to your opponent.", "medical"),
    (CE, "Ookazi", "Inflict 800 damage to your opponent.", ""),
    (LT, "Fairy Box", "Each time an opponent's monster declares an attack: You can toss a coin "
     "and call it. If you call it right, that monster's ATK becomes 0 until the end of the "
     "Damage Step. Once per turn, during your Standby Phase, pay 500 LP or destroy this card.",
     "down"),
    (CE, "Skull Dice", "A six-sided die is rolled. All monsters your opponent currently controls "
     "lose ATK/DEF equal to the result x 100, until the end of this turn.", "down"),
    (CE, "Stop Defense", "Target 1 Defense Position monster your opponent controls; change that "
     "target to face-up Attack Position.", "hazard"),
    (CE, "Heavy Storm", "Destroy all Spells and Traps on the field.", ""),
    (CT, "Trap Hole", "When your opponent Normal or Flip Summons 1 monster with 1000 or more "
     "ATK: Target that monster; destroy that target.", ""),
    (CE, "Dark Hole", "Destroy all monsters on the field.", ""),
    (CE, "Lightning Vortex", "Discard 1 card; destroy all face-up monsters your opponent "
     "controls.", ""),
    (CE, "Burden of the Mighty", "Monsters your opponent controls lose 100 ATK for each of their "
     "own Levels.", "down"),
    (LC, "Yami", "All Fiend and Spellcaster monsters on the field gain 200 ATK/DEF, also all "
     "Fairy monsters on the field lose 200 ATK/DEF.", "plus down"),
    (LC, "Umi", "All Fish, Sea Serpent, Thunder, and Aqua monsters on the field gain 200 ATK/DEF, "
     "also all Machine and Pyro monsters on the field lose 200 ATK/DEF.", "plus down"),
    (CT, "Mirror of Oaths", "When your opponent activates a card or effect: Negate the "
     "activation.", "crack"),
    (CE, "Instant Fusion", "Pay 1000 LP; Special Summon 1 Level 5 or lower Fusion Monster from "
     "your Extra Deck, but it cannot attack, also it is destroyed during the End Phase.", ""),
    (CE, "Cosmic Cyclone", "Pay 1000 LP, then target 1 Spell/Trap on the field; banish it.", ""),
    (CT, "Torrential Tribute", "When a monster(s) is Summoned: Destroy all monsters on the "
     "field.", ""),
    # Units and Weapons: the text is void
    (U, "Venom Cobra", "A cobra whose venom can kill a dragon in one bite.", "", "Reptile"),
    (U, "Effect Veiler", "During your opponent's Main Phase (Quick Effect): You can send this card "
     "from your hand to the GY, then target 1 Effect Monster your opponent controls; negate its "
     "effects until the end of this turn.", "", "Spellcaster"),
    (U, "Battle Fader", "When an opponent's monster declares a direct attack: You can Special "
     "Summon this card from your hand, then end the Battle Phase. If this card Special Summoned "
     "by its effect is removed from the field, banish it.", "", "Fiend"),
    (U, "Jinzo", "Trap Cards, and their effects on the field, cannot be activated. Negate all "
     "Trap effects on the field.", "", "Machine"),
    (U, "Man-Eater Bug", "FLIP: Target 1 monster on the field; destroy that target.", "",
     "Insect"),
    (U, "Dark Magician", "The ultimate wizard in terms of attack and defense.", "",
     "Spellcaster"),
    (U, "Injection Fairy Lily", "During either player's Damage Step, when this card battles: You "
     "can pay 2000 LP; this card gains 3000 ATK during the Damage Step only.", "", "Spellcaster"),
    (W, "Axe of Despair", "The equipped monster gains 1000 ATK. When this card is sent from the "
     "field to the GY: You can place 1 Tribute on top of your Deck.", ""),
    (W, "Snatch Steal", "Equip only to a monster your opponent controls. Take control of the "
     "equipped monster. During each of your opponent's Standby Phases: They gain 1000 LP.", ""),
    (W, "Premature Burial", "Activate this card by paying 800 LP, then target 1 monster in your "
     "GY; Special Summon that target in Attack Position and equip it with this card. When this "
     "card is destroyed, destroy the equipped monster.", ""),
    (W, "Mage Power", "The equipped monster gains 500 ATK/DEF for each Spell/Trap you control.",
     ""),
)

POKEMON: tuple[tuple[str, ...], ...] = (
    (CE, "Professor's Research", "Discard your hand and draw 7 cards.", ""),
    (CE, "Boss's Orders", "Switch in 1 of your opponent's Benched Pokémon to the Active Spot.", ""),
    (CE, "Ultra Ball", "You can use this card only if you discard 2 other cards from your hand.\n"
     "Search your deck for a Pokémon, reveal it, and put it into your hand. Then, shuffle your "
     "deck.", ""),
    (CE, "Switch", "Switch your Active Pokémon with 1 of your Benched Pokémon.", ""),
    (CE, "Full Heal", "Your Active Pokémon recovers from all Special Conditions.",
     "potion medical"),
    (CE, "Hyper Potion", "Heal 120 damage from 1 of your Pokémon that has at least 2 Energy "
     "attached. If you healed any damage in this way, discard 2 Energy from it.", "medical"),
    (CE, "Max Potion", "Heal all damage from 1 of your Pokémon. Then, discard all Energy from "
     "that Pokémon.", "medical"),
    (CE, "Pokémon Center Lady", "Heal 60 damage from 1 of your Pokémon, and it recovers from all "
     "Special Conditions.", "potion medical"),
    (CE, "Pokémon Catcher", "Flip a coin. If heads, switch in 1 of your opponent's Benched "
     "Pokémon to the Active Spot.", ""),
    (CE, "Crushing Hammer", "Flip a coin. If heads, discard an Energy from 1 of your opponent's "
     "Pokémon.", ""),
    (LC, "Path to the Peak", "Pokémon with a Rule Box in play (both yours and your opponent's) "
     "have no Abilities. (Pokémon V, Pokémon-GX, etc. have Rule Boxes.)", "crack"),
    (LC, "Silent Lab", "Each Basic Pokémon in play, except for Pokémon-EX and Pokémon-GX, (both "
     "yours and your opponent's) has no Abilities.", "crack"),
    (CE, "Marnie", "Each player shuffles their hand and puts it on the bottom of their deck. "
     "Then, you draw 5 cards, and your opponent draws 4 cards.", ""),
    (CE, "Power Tablet", "During this turn, your Fusion Strike Pokémon's attacks do 30 more damage "
     "to your opponent's Active Pokémon (before applying Weakness and Resistance).", "plus"),
    (LC, "Jamming Tower", "Pokémon Tools in play (both yours and your opponent's) have no "
     "effect.", "crack"),
    (LC, "Temple of Sinnoh", "All Special Energy attached to Pokémon (both yours and your "
     "opponent's) provide Colorless Energy and have no other effect.", "crack"),
    (CE, "Hex Maniac", "Until the end of your opponent's next turn, each Pokémon in play, in each "
     "player's hand, and in each player's discard pile has no Abilities. (This includes cards "
     "that come into play on that turn.)", "crack"),
    (CE, "Switch Cart", "Switch your Active Basic Pokémon with 1 of your Benched Pokémon. If you "
     "do, heal 30 damage from the Pokémon you moved to your Bench.", "medical"),
    (CE, "Professor Kukui", "Draw 2 cards. During this turn, your Pokémon's attacks do 20 more "
     "damage to your opponent's Active Pokémon (before applying Weakness and Resistance).",
     "plus"),
    (CE, "Hypnotoxic Laser", "Your opponent's Active Pokémon is now Poisoned. Flip a coin. If "
     "heads, that Pokémon is also Asleep.", "poison hazard"),
    (LC, "Reverse Valley", "The attacks of Metal and Darkness Pokémon (both yours and your "
     "opponent's) do 10 more damage to the opponent's Active Pokémon (before applying Weakness "
     "and Resistance).", "plus"),
    (LC, "Fighting Stadium", "The attacks of Fighting Pokémon (both yours and your opponent's) do "
     "20 more damage to the opponent's Active Pokémon-EX (before applying Weakness and "
     "Resistance).", "plus"),
    (LC, "Aether Paradise Conservation Area", "Basic Grass Pokémon and Basic Lightning Pokémon "
     "(both yours and your opponent's) take 30 less damage from the opponent's attacks (after "
     "applying Weakness and Resistance).", "plus"),
    (CE, "Canceling Cologne", "Until the end of your turn, your opponent's Active Pokémon has no "
     "Abilities. (This includes Pokémon that come into play during that turn.)", "crack"),
    (CE, "Moo-Moo Milk", "Flip 2 coins. Remove 2 damage counters times the number of heads from 1 "
     "of your Pokémon.", "medical"),
    (CE, "Big Malasada", "Heal 10 damage from your Active Pokémon, and it recovers from a Special "
     "Condition.", "potion medical"),
    (CE, "Energy Retrieval", "Put up to 2 basic Energy cards from your discard pile into your "
     "hand.", ""),
    (CE, "Rare Candy", "Choose 1 of your Basic Pokémon in play. If you have a Stage 2 card in "
     "your hand that evolves from that Pokémon, put that card onto the Basic Pokémon to evolve "
     "it, skipping the Stage 1. You can't use this card during your first turn or on a Basic "
     "Pokémon that was put into play this turn.", ""),
    (CE, "Lysandre", "Switch 1 of your opponent's Benched Pokémon with their Active Pokémon.", ""),
    (CE, "Cynthia", "Shuffle your hand into your deck. Then, draw 6 cards.", ""),
    (CE, "Guzma", "Switch 1 of your opponent's Benched Pokémon with their Active Pokémon. If you "
     "do, switch your Active Pokémon with 1 of your Benched Pokémon.", ""),
    (CE, "Acerola", "Put 1 of your Pokémon that has any damage counters on it and all cards "
     "attached to it into your hand.", ""),
    (CE, "Great Ball", "Look at the top 7 cards of your deck. You may reveal a Pokémon you find "
     "there and put it into your hand. Shuffle the other cards back into your deck.", ""),
    (CE, "Tool Scrapper", "Choose up to 2 Pokémon Tools attached to Pokémon (yours or your "
     "opponent's) and discard them.", ""),
    (CE, "Energy Switch", "Move a basic Energy from 1 of your Pokémon to another of your "
     "Pokémon.", ""),
    (CE, "Rescue Stretcher", "Choose 1: Put a Pokémon from your discard pile into your hand; or "
     "shuffle 3 Pokémon from your discard pile into your deck.", ""),
    (CE, "Team Yell Grunt", "Choose 1 of your opponent's Pokémon. Discard an Energy from it.",
     ""),
    (CE, "Bede", "Attach a basic Energy card from your hand to 1 of your Benched Pokémon.", ""),
    (CE, "Energy Removal", "Discard 1 Energy card attached to 1 of your opponent's Pokémon.", ""),
    (CE, "Super Scoop Up", "Flip a coin. If heads, put 1 of your Pokémon and all cards attached "
     "to it into your hand.", ""),
    (CE, "Pokémon Flute", "Choose 1 Basic Pokémon card from your opponent's discard pile (if "
     "any) and put it onto his or her Bench.", ""),
    (CE, "Gust of Wind", "Choose 1 of your opponent's Benched Pokémon and switch it with his or "
     "her Active Pokémon.", ""),
    (CE, "Sleep Powder Trainer", "Your opponent's Active Pokémon is now Asleep.", "hazard"),
    (CE, "Paralyzing Gaze", "Flip a coin. If heads, your opponent's Active Pokémon is now "
     "Paralyzed.", "hazard"),
    (CE, "Team Rocket's Venture Bomb", "Flip a coin. If heads, put 2 damage counters on 1 of "
     "your opponent's Pokémon. If tails, put 2 damage counters on your Active Pokémon.", ""),
    (CE, "Burn Rush", "Your opponent's Active Pokémon is now Burned.", "poison"),
    (CE, "Protective Goggles", "Your Active Pokémon can't be affected by Special Conditions "
     "during your opponent's next turn.", ""),
    (CE, "Lum Berry Drink", "Remove all Special Conditions from your Active Pokémon.",
     "potion medical"),
    (CE, "Pokémon Nurse", "Heal all damage from 1 of your Pokémon. If you do, discard all Energy "
     "attached to that Pokémon.", "medical"),
    (CE, "Poké Healer", "Heal 20 damage and remove all Special Conditions from your Active "
     "Pokémon.", "potion medical"),
    (CE, "Maintenance", "Shuffle 2 of the other cards from your hand into your deck. (If you "
     "can't, you can't play this card.) Then, draw a card.", ""),
    (CE, "Counter Gain", "Attacks used by the Pokémon this card is attached to cost Colorless "
     "less if you have more Prize cards remaining than your opponent.", ""),
    (CE, "Attack Booster", "During this turn, the attacks of your Active Pokémon do 30 more damage "
     "to your opponent's Active Pokémon.", "plus"),
    (LC, "Training Court", "Once during each player's turn, that player may put a basic Energy "
     "card from their discard pile into their hand.", ""),
    (LC, "Virbank City Gym", "Put 2 more damage counters on Poisoned Pokémon (both yours and your "
     "opponent's) between turns.", ""),
    (LC, "Sky Field", "Each player can have 8 Pokémon on their Bench.", ""),
    (LC, "Healing Springs", "Once during each player's turn, that player may heal 20 damage from "
     "their Active Pokémon.", "medical"),
    # Units (Pokémon) and Weapons (Tools): void text
    (U, "Koffing", "Foul Gas: Flip a coin. If heads, the Defending Pokémon is now Poisoned; if "
     "tails, it is now Confused.", ""),
    (U, "Gloom", "Poisonpowder: The Defending Pokémon is now Poisoned.", ""),
    (U, "Jigglypuff", "Sing: The Defending Pokémon is now Asleep.", ""),
    (U, "Chansey", "Heal: Heal 20 damage from this Pokémon.", ""),
    (U, "Machamp", "Strikes Back: Whenever your opponent's attack damages Machamp, this power "
     "does 10 damage to the attacking Pokémon.", ""),
    (U, "Mew", "Versatile: Mew can use the attacks of all Pokémon in play as its own.", ""),
    (W, "Choice Belt", "The attacks of the Pokémon this card is attached to do 30 more damage to "
     "your opponent's Active Pokémon V (before applying Weakness and Resistance).", ""),
    (W, "Float Stone", "The Pokémon this card is attached to has no Retreat Cost.", ""),
    (W, "Rocky Helmet", "If the Pokémon this card is attached to is your Active Pokémon and is "
     "damaged by an opponent's attack, put 2 damage counters on the Attacking Pokémon.", ""),
    (W, "Poison Barb", "If the Pokémon this card is attached to is your Active Pokémon and is "
     "damaged by an opponent's attack, the Attacking Pokémon is now Poisoned.", ""),
    (W, "Lum Berry", "At any moment, if the Pokémon this card is attached to is affected by any "
     "Special Conditions, it recovers from all of them. Discard this card.", ""),
    (W, "Eviolite", "If the Pokémon this card is attached to is a Basic Pokémon, any damage done "
     "to this Pokémon by attacks is reduced by 20.", ""),
)

WS: tuple[tuple[str, ...], ...] = (
    (CE, "Climax: Sunset Promise", "【CONT】 All of your characters get +1000 power and +1 soul.\n"
     "(【SOUL】: When this card triggers, +1 soul)", "plus"),
    (CE, "Climax: Blue Sky", "【CONT】 All of your characters get +2 soul.", "plus"),
    (CE, "Climax: One More Time", "【AUTO】 When this card is placed on your climax area from your "
     "hand, choose 1 of your characters, and that character gets +3000 power until end of "
     "turn.", "plus"),
    (CE, "Climax: Secret Meeting", "【AUTO】 When this card is placed on your climax area from "
     "your hand, you may draw up to 1 card, choose 1 of your characters, and that character gets "
     "+2000 power and +1 soul until end of turn.", "plus"),
    (CE, "Climax: Call of the Sea", "【AUTO】 When this card is placed on your climax area from "
     "your hand, choose up to 1 character in your waiting room, return it to your hand, and all "
     "of your characters get +1 soul until end of turn.", "plus"),
    (CE, "Climax: Stock Charge", "【AUTO】 When this card is placed on your climax area from your "
     "hand, you may put the top card of your deck into your stock. If so, all of your characters "
     "get +1 soul until end of turn.", "plus"),
    (CE, "Climax: Morning Light", "【AUTO】 When this card is placed on your climax area from "
     "your hand, perform the 【STANDBY】 effect.", ""),
    (CE, "Event: Study Session", "Draw up to 2 cards, choose 1 card in your hand, and put it into "
     "your waiting room.", ""),
    (CE, "Event: Clean Sweep", "Choose 1 of your opponent's characters with level 1 or lower, and "
     "put it into your opponent's waiting room.", ""),
    (CE, "Event: Lights Out", "Choose 1 of your opponent's characters, and 【REST】 it.",
     "hazard"),
    (CE, "Event: Double Bind", "Choose up to 2 of your opponent's characters, and 【REST】 them.",
     "hazard"),
    (CE, "Event: Weak Point", "Choose 1 of your opponent's characters, and that character gets "
     "-2000 power until end of turn.", "down"),
    (CE, "Event: Cheer Up", "Choose 1 of your characters, and that character gets +3000 power "
     "until end of turn.", "plus"),
    (CE, "Event: Back to Work", "Choose 1 of your characters, and 【STAND】 it.", "accel"),
    (CE, "Event: Parry", "【COUNTER】 Choose 1 of your characters, and that character gets +2500 "
     "power until end of turn.", "plus"),
    (CE, "Event: Counterstrike", "【COUNTER】 Choose 1 of your characters, and that character "
     "gets +1500 power and the following ability until end of turn. \"【AUTO】 When this card's "
     "battle opponent becomes 【REVERSE】, you may put that character into your opponent's "
     "clock.\"", "plus"),
    (CE, "Event: Shrink Ray", "Choose 1 of your opponent's characters, and that character gets -1 "
     "level and -1000 power until end of turn.", "down"),
    (CE, "Event: Stand Still", "Choose 1 of your opponent's characters, and that character cannot "
     "frontal attack during your opponent's next turn.", "hazard"),
    (CE, "Event: Final Strike", "Deal 1 damage to your opponent.", ""),
    (CE, "Event: Breather", "Choose 1 card in your clock, and put it into your waiting room.",
     "medical"),
    (CE, "Event: Go Home", "Choose 1 of your opponent's characters, and return it to your "
     "opponent's hand.", ""),
    (CE, "Event: Recruitment", "Search your deck for up to 1 character, reveal it to your "
     "opponent, put it into your hand, and shuffle your deck.", ""),
    (CE, "Event: Last Stand", "【COUNTER】 Choose 1 of your characters that is being frontal "
     "attacked, and that character gets +3000 power until end of turn.", "plus"),
    (CE, "Climax: Shot", "【CONT】 All of your characters get +1 soul.\n(【SHOT】: During this "
     "turn, when the next damage dealt by the attacking character that triggered this card is "
     "canceled, deal 1 damage to your opponent)", "plus"),
    (CE, "Event: Ambush Order", "Choose 1 of your characters, that character gets +1000 power and "
     "the following ability until end of turn. 【AUTO】 When this card attacks, choose 1 of your "
     "opponent's characters, and 【REST】 it.", "plus hazard"),
    (CE, "Event: Memories", "Choose up to 2 characters in your waiting room, and return them to "
     "your hand.", ""),
    (CE, "Event: Mill Trick", "Put the top 2 cards of your deck into your waiting room. Choose up "
     "to 1 character among them, and return it to your hand.", ""),
    (CE, "Event: Cleanup", "Choose 1 of your opponent's characters, and put it on the bottom of "
     "your opponent's deck.", ""),
    (CE, "Event: Second Wind", "Choose 1 of your 《Music》 characters, and that character gets "
     "+1500 power until the end of your opponent's next turn.", "plus"),
    (CE, "Event: Time Stop", "During your opponent's next turn, your opponent cannot play events "
     "from hand.", "crack"),
    (CE, "Event: Silence", "Choose 1 of your opponent's characters, and that character loses all "
     "abilities until end of turn.", "crack"),
    (CE, "Climax: Guard Call", "【AUTO】 When this card is placed on your climax area from your "
     "hand, choose 1 of your characters, and that character gets +1 level and +1500 power until "
     "end of turn.", "plus"),
    # Characters (Units): void text; a 《Poison》 trait carries Poison
    (U, "Character: Idol Star", "【AUTO】 When this card attacks, this card gets +1000 power until "
     "end of turn.", "", "Music・Idol"),
    (U, "Character: Trickster", "【AUTO】 When this card is placed on stage from your hand, choose "
     "1 of your opponent's characters, and 【REST】 it.", "", "Magic"),
    (U, "Character: Healer", "【ACT】 [(1)] Choose 1 card in your clock, and put it into your "
     "waiting room.", "", "Medicine"),
    (U, "Character: Assassin", "【CONT】 During your turn, this card gets +1500 power.", "poison",
     "Poison・Assassin"),
)
