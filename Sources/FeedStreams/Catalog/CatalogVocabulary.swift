/// The word lists and tables the ``PhotoCatalog`` draws from.
///
/// Order matters: the catalog picks entries by index, so reordering or inserting an entry
/// changes every catalog. Append at the end when a list grows.
enum CatalogVocabulary {
    /// Camera sizes in pixels, with how often each occurs.
    static let sizes: [((width: Int, height: Int), Int)] = [
        // Portrait: full-frame and APS-C bodies, phones.
        ((4000, 6000), 18), ((3456, 5184), 8), ((4480, 6720), 6), ((3024, 4032), 6),
        ((5304, 7952), 4), ((2848, 4272), 3),
        // Landscape.
        ((6000, 4000), 14), ((5184, 3456), 7), ((6720, 4480), 5), ((4032, 3024), 5),
        ((7952, 5304), 3), ((4272, 2848), 3),
        // Square crops.
        ((4000, 4000), 4), ((3000, 3000), 3), ((2160, 2160), 2),
        // Panoramas, wide and (rarely) tall.
        ((12000, 4000), 2), ((8000, 2667), 2), ((9000, 3000), 1), ((3000, 9000), 1),
    ]

    /// Muted base colours, in the range Unsplash reports as a photo's dominant colour.
    static let palette: [(UInt8, UInt8, UInt8)] = [
        (0x26, 0x26, 0x26), (0xf3, 0xf3, 0xf3), (0xd9, 0xc0, 0xc0), (0x0c, 0x26, 0x40),
        (0x73, 0xa6, 0xc0), (0xa6, 0xc0, 0xd9), (0x40, 0x59, 0x40), (0x8c, 0xa6, 0x8c),
        (0xd9, 0xd9, 0xc0), (0xc0, 0xa6, 0x8c), (0x8c, 0x59, 0x40), (0x40, 0x26, 0x26),
        (0x26, 0x40, 0x0c), (0xf3, 0xd9, 0xc0), (0x59, 0x73, 0x8c), (0x0c, 0x0c, 0x26),
        (0xc0, 0xd9, 0xd9), (0xa6, 0x8c, 0x73), (0xd9, 0xa6, 0x73), (0x73, 0x59, 0x8c),
        (0xc0, 0x73, 0x59), (0x59, 0x59, 0x59), (0x26, 0x59, 0x73), (0xa6, 0xa6, 0xa6),
    ]

    static let firstNames = [
        "Anna", "Lucas", "Mia", "Noah", "Sofia", "Kenji", "Amara", "Mateo", "Leila", "Jonas",
        "Priya", "Oskar", "Chloé", "Tomás", "Yuki", "Elena", "Malik", "Ingrid", "Rafael", "Nadia",
        "Felix", "Aiko", "Daniel", "Zara", "Hugo", "Freya", "Arjun", "Lena", "Samuel", "Mei",
        "Jakob", "Isabela", "Omar", "Clara", "Theo", "Sana", "Emil", "Ana", "Kofi", "Julia",
        "Nils", "Ayesha", "Marco", "Hana",
    ]

    static let lastNames = [
        "Nowak", "Silva", "Tanaka", "Okafor", "Jensen", "Moreau", "Rossi", "Kowalski", "Haddad",
        "Lindqvist", "Park", "Fischer", "Costa", "Nguyen", "Schmidt", "Ortega", "Novak",
        "Andersson", "Mensah", "Ivanova", "Laurent", "Sato", "Romero", "Bauer", "Hughes", "Petrov",
        "Duarte", "Kaur", "Berg", "Murphy", "Alves", "Yılmaz", "Svensson", "Keller", "Rahman",
        "Dubois", "Ferreira", "Hansen", "Ito", "Walsh", "Brennan", "Morales",
    ]

    static let locations = [
        "Lisbon, Portugal", "Kyoto, Japan", "Reykjavík, Iceland", "Cape Town, South Africa",
        "Vancouver, Canada", "Berlin, Germany", "Mexico City, Mexico", "Oslo, Norway",
        "Melbourne, Australia", "Marrakesh, Morocco", "Buenos Aires, Argentina", "Seoul, South Korea",
        "Edinburgh, Scotland", "Istanbul, Turkey", "Hanoi, Vietnam", "Copenhagen, Denmark",
        "Lagos, Nigeria", "Wellington, New Zealand", "Barcelona, Spain", "Kraków, Poland",
        "Portland, Oregon", "Nairobi, Kenya", "Bergen, Norway", "São Paulo, Brazil",
        "Tbilisi, Georgia", "Chamonix, France", "Banff, Canada", "Bolzano, Italy",
    ]

    static let interests = [
        "Chasing light and quiet places.", "Mostly mountains, sometimes people.",
        "Street photography and too much coffee.", "I shoot film when I can afford it.",
        "Documenting the ordinary.", "Landscapes, long walks, longer exposures.",
        "Food, friends and good light.", "Always looking for the next sunrise.",
        "Architecture, symmetry and concrete.", "Birds, patience and a very long lens.",
        "Portraits of strangers, with permission.", "Oceans, surf and salt.",
    ]

    static let people = [
        "a woman", "a man", "a person", "a young girl", "two people", "a group of friends",
        "a surfer", "a hiker", "an old man", "a couple",
    ]
    static let peopleActions = ["standing on", "walking along", "sitting on", "looking out over"]
    static let peoplePlaces = [
        "a sandy beach", "a snow-covered mountain", "a busy street", "a field of grass",
        "a rocky cliff", "a wooden pier", "a frozen lake", "a city square",
    ]
    static let vehicles = ["a red car", "a white van", "a yellow taxi", "a bicycle", "an old bus"]
    static let vehicleActions = ["parked on", "driving down", "parked next to"]
    static let roads = ["a quiet road", "a busy street", "a desert road", "a mountain pass", "a cobblestone street"]
    static let buildings = ["a lighthouse", "a small cabin", "an old building", "a tent", "a white church"]
    static let buildingActions = ["on the edge of", "next to", "in the middle of", "overlooking"]
    static let nature = [
        "a rocky cliff", "a frozen lake", "a pine forest", "a body of water", "a field of grass",
        "a snow-covered mountain",
    ]
    static let stillLifes = [
        "a cup of coffee", "a bowl of fruit", "an open book", "a laptop", "a vase of flowers",
        "a plate of pasta", "a pair of glasses", "a croissant", "a vintage camera",
    ]
    static let surfaces = [
        "on a wooden table", "on a marble counter", "on a white bed", "next to a window",
        "on a linen cloth",
    ]
    static let landscapes = [
        "a mountain range", "a city skyline", "a field of sunflowers", "a waterfall",
        "a foggy forest", "a desert canyon", "the northern lights", "a river valley",
        "a row of palm trees", "rolling hills",
    ]
    static let conditions = [
        "under a cloudy sky", "at sunset", "at night", "in the fog", "covered in snow",
        "seen from above", "after the rain", "in the morning light",
    ]
    static let moments = [
        "Golden hour", "First light", "Blue hour", "Morning fog", "Late afternoon",
        "A quiet Sunday", "Last light", "Summer rain", "Winter morning", "After the storm",
    ]

    /// Fictional advertisers for the sponsored photos.
    static let sponsors: [(name: String, username: String, tagline: String, site: String)] = [
        ("Northwind Coffee", "northwindcoffee", "Roasted slowly, shared widely.", "https://northwind.coffee"),
        ("Aurora Outdoor", "auroraoutdoor", "Gear for the long way round.", "https://auroraoutdoor.example"),
        ("Lumen Bank", "lumenbank", "Banking that stays out of your way.", "https://lumenbank.example"),
        ("Paperleaf", "paperleaf", "Notebooks worth filling.", "https://paperleaf.example"),
    ]

    /// The characters of Unsplash's 11-character ids.
    static let idAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
}
